import type { ConnectorSpec, JsonSchema, SluicePlugin } from "../../sdk/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import type { LoadedManifest } from "../manifest/load-manifest.js";
import type { ManifestProblem } from "../manifest/validate-manifest.js";

/**
 * A manifest that has been loaded, resolved and validated, but not built: enough for `spec`, and the
 * input of building a connector with a config.
 *
 * @example
 * const definition = await sluice.define({ path: "manifest.yaml" });
 * definition.spec?.connectionSpecification;
 */
export interface ConnectorDefinition {
  /** The manifest after `$ref` resolution, default types and `$parameters` propagation. */
  readonly manifest: Record<string, unknown>;
  readonly source: LoadedManifest;
  readonly spec?: ConnectorSpec;
  readonly streamNames: readonly string[];
  /** The component types this connector may use: the host's, plus its config file's plugins. */
  readonly registry: ComponentRegistry;
  /** The connector-level plugins from its config file (their services are registered per connector). */
  readonly plugins: readonly SluicePlugin[];
  /** Warnings about the manifest: unknown fields (with the nearest known name), overridden linked authenticators. */
  readonly warnings?: readonly ManifestProblem[];
}

/** The spec of a resolved manifest, read directly from its `spec` definition. */
export function specOf(manifest: Record<string, unknown>): ConnectorSpec | undefined {
  const spec = manifest.spec as Record<string, unknown> | undefined;
  if (!spec || typeof spec !== "object") return undefined;
  return {
    connectionSpecification: (spec.connection_specification as JsonSchema | undefined) ?? {},
    documentationUrl: spec.documentation_url as string | undefined,
    advancedAuth: spec.advanced_auth as Record<string, unknown> | undefined,
  };
}
