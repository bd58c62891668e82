import { specOf, type ConnectorDefinition } from "../connector/connector-definition.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import { loadPlugins } from "../loader/index.js";
import { loadManifest, type ManifestInput } from "./load-manifest.js";
import { propagateParameters, registryLookups } from "./propagate-parameters.js";
import { resolveReferences } from "./resolve-references.js";
import { validateManifest } from "./validate-manifest.js";

/** What {@link defineConnector} needs from the host. */
export interface DefineOptions {
  /** The host's component types; a config file's plugins are added to a child of it. */
  registry: ComponentRegistry;
  /** Whether code named by the manifest or its config file may run. */
  trusted: boolean;
}

/**
 * The manifest pipeline, without a config and without building: load (a path, an object or a
 * cosmiconfig search) -> the config file's plugins -> resolve (`$ref`, `#/definitions` strings) ->
 * default `type`s and `$parameters` propagation -> validate against the registered schemas. Every step
 * reports the file and the manifest path of what it refuses.
 *
 * @example
 * const definition = await defineConnector({ path: "manifest.yaml" }, { registry, trusted: true });
 * definition.streamNames; // ["users", "orders"]
 */
export async function defineConnector(input: ManifestInput, options: DefineOptions): Promise<ConnectorDefinition> {
  const source = await loadManifest(input);
  const { trusted } = options;
  const plugins = source.plugins.length ? await loadPlugins(source.plugins, { base: source.pluginBase, trusted, file: source.file }) : [];
  const registry = plugins.length ? options.registry.child() : options.registry;
  for (const plugin of plugins) plugin.register({ registerComponent: (f, o) => registry.register(f, o), registerService: () => undefined });
  const resolved = resolveReferences(source.manifest, source.file);
  resolved.type ??= "DeclarativeSource";
  const manifest = propagateParameters(resolved, ...registryLookups((type) => registry.find(type)));
  validateManifest(manifest, registry, { file: source.file, trustCustomCode: trusted });
  const streams = Array.isArray(manifest.streams) ? (manifest.streams as unknown[]) : [];
  const streamNames = streams.map((s) => String((s as { name?: unknown } | null)?.name ?? ""));
  return { manifest, source, spec: specOf(manifest), streamNames, registry, plugins };
}
