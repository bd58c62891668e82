import type { ComponentRegistry } from "../di/component-registry.js";
import { findLinkedOverrides } from "./linked-overrides.js";
import type { LoadedManifest } from "./load-manifest.js";
import { propagateParameters, registryLookups } from "./propagate-parameters.js";
import { resolveReferences } from "./resolve-references.js";
import { findUndeclaredConfigKeys } from "./undeclared-config-keys.js";
import { findUnknownFields } from "./unknown-fields.js";
import { findManifestProblems, type ManifestProblem } from "./validate-manifest.js";

/** What {@link analyzeManifest} finds: the manifest as it will be built, its errors and its warnings. */
export interface ManifestAnalysis {
  /** After `$ref` resolution, default types and `$parameters` propagation. */
  manifest: Record<string, unknown>;
  /** Schema errors: the manifest cannot be built while there is one. */
  problems: ManifestProblem[];
  /** Unknown fields (with the nearest known name), linked authenticators overridden into local copies, config keys the spec does not declare. */
  warnings: ManifestProblem[];
}

/**
 * The manifest pipeline without throwing at the first schema problem: resolve references (a broken
 * reference still throws: nothing below it can be checked), insert default types and propagate
 * `$parameters`, then collect every schema problem and every warning. `Sluice.define` throws on the
 * problems; `sluice validate` lists them all.
 *
 * @example
 * const { problems, warnings } = analyzeManifest(loaded, registry, { trustCustomCode: true });
 */
export function analyzeManifest(source: LoadedManifest, registry: ComponentRegistry, options: { trustCustomCode: boolean; maxProblems?: number }): ManifestAnalysis {
  const resolved = resolveReferences(source.manifest, source.file);
  resolved.type ??= "DeclarativeSource";
  const manifest = propagateParameters(resolved, ...registryLookups((type) => registry.find(type)));
  const problems = findManifestProblems(manifest, registry, { file: source.file, trustCustomCode: options.trustCustomCode, max: options.maxProblems });
  const overrides: ManifestProblem[] = findLinkedOverrides(source.manifest, manifest, registry).map((o) => ({
    path: o.localValuePath,
    message: `overrides '${o.field}' of the linked definition ${o.definition}, so this is a local copy (its own instance and token cache), no longer the shared one`,
    expected: o.linkedValuePath ? `one value: keep ${o.linkedValuePath} (remove this override) or keep this one (drop the $ref)` : `the field in ${o.definition}, or no $ref`,
    found: o.linkedValuePath ? `values at ${o.linkedValuePath} and ${o.localValuePath}` : `a field ${o.definition} does not have`,
  }));
  // A misspelt key that an error already names (`stream:` for the required `streams:`) is not warned about again.
  const named = new Set(problems.map((p) => p.misspelling).filter(Boolean));
  const unknown = findUnknownFields(manifest, registry).filter((w) => !named.has(w.path));
  return { manifest, problems, warnings: [...unknown, ...overrides, ...findUndeclaredConfigKeys(manifest)] };
}
