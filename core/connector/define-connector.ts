import type { Logger, SluicePlugin } from "../../sdk/index.js";
import { specOf, type ConnectorDefinition } from "./connector-definition.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import { loadPlugins } from "../loader/index.js";
import { analyzeManifest, type ManifestAnalysis } from "../manifest/analyze-manifest.js";
import { loadManifest, type LoadedManifest, type ManifestInput } from "../manifest/load-manifest.js";
import { logWarnings } from "../manifest/log-warnings.js";
import { prepareComponentValidators } from "../manifest/component-validators.js";
import { problemsError } from "../manifest/validate-manifest.js";

/** What {@link defineConnector} needs from the host. */
interface DefineOptions {
  /** The host's component types; a config file's plugins are added to a child of it. */
  registry: ComponentRegistry;
  /** Whether code named by the manifest or its config file may run. */
  trusted: boolean;
  /** Where the manifest's warnings go (unknown fields, overridden linked authenticators); none: not logged. */
  logger?: Logger;
  /** Most schema problems collected (default 25). */
  maxProblems?: number;
}

/** A manifest loaded and analysed, not yet accepted: see {@link inspectManifest}. */
export interface ManifestInspection {
  source: LoadedManifest;
  registry: ComponentRegistry;
  plugins: readonly SluicePlugin[];
  analysis: ManifestAnalysis;
}

/**
 * The manifest pipeline, without a config and without building: load (a path, an object or a
 * cosmiconfig search) -> the config file's plugins -> resolve (`$ref`, `#/definitions` strings) ->
 * default `type`s and `$parameters` propagation -> validate against the registered schemas. Every step
 * reports the file and the manifest path of what it refuses; warnings are logged once, with their line.
 *
 * @example
 * const definition = await defineConnector({ path: "manifest.yaml" }, { registry, trusted: true });
 * definition.streamNames; // ["users", "orders"]
 */
export async function defineConnector(input: ManifestInput, options: DefineOptions): Promise<ConnectorDefinition> {
  return definitionOf(await inspectManifest(input, options), options.logger);
}

/**
 * The pipeline up to its findings, without throwing on schema problems (a manifest that cannot be read,
 * parsed or resolved still throws): what `sluice validate` lists.
 *
 * @example
 * const { analysis } = await inspectManifest({ path: "manifest.yaml" }, { registry, trusted: true, maxProblems: 1000 });
 */
export async function inspectManifest(input: ManifestInput, options: DefineOptions): Promise<ManifestInspection> {
  const { trusted } = options;
  const source = await loadManifest({ ...input, trustCustomCode: trusted });
  const plugins = source.plugins.length ? await loadPlugins(source.plugins, { base: source.pluginBase, trusted, file: source.file }) : [];
  const registry = plugins.length ? options.registry.child() : options.registry;
  for (const plugin of plugins) plugin.register({ registerComponent: (f, o) => registry.register(f, o), registerService: () => undefined });
  await prepareComponentValidators(registry);
  const analysis = analyzeManifest(source, registry, { trustCustomCode: trusted, maxProblems: options.maxProblems });
  return { source, registry, plugins, analysis };
}

/** The definition of an inspected manifest: its warnings logged (when a logger is given), its schema problems thrown as one error. */
export async function definitionOf({ source, registry, plugins, analysis }: ManifestInspection, logger?: Logger): Promise<ConnectorDefinition> {
  // Warnings first: a misspelled field is often the reason for an error.
  if (logger && analysis.warnings.length > 0) await logWarnings(logger, source, analysis.warnings);
  if (analysis.problems.length > 0) throw problemsError(analysis.problems, source.file);
  const manifest = analysis.manifest;
  const streams = Array.isArray(manifest.streams) ? (manifest.streams as unknown[]) : [];
  // A ConditionalStreams entry names its streams (whether they exist depends on the config).
  const entries = streams.flatMap((s) => ((s as { type?: unknown } | null)?.type === "ConditionalStreams" ? ((s as { streams?: unknown[] }).streams ?? []) : [s]));
  const streamNames = entries.map((s) => String((s as { name?: unknown } | null)?.name ?? ""));
  return { manifest, source, spec: specOf(manifest), streamNames, registry, plugins, warnings: analysis.warnings };
}
