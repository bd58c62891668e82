import { basename } from "node:path";
import { Fetch, type FetchInit } from "../../sdk/index.js";
import { specOf, type ConnectorDefinition } from "../../core/connector/connector-definition.js";
import { loadManifest, type LoadedManifest } from "../../core/manifest/load-manifest.js";
import { propagateParameters, registryLookups } from "../../core/manifest/propagate-parameters.js";
import { resolveReferences } from "../../core/manifest/resolve-references.js";
import { validateManifest } from "../../core/manifest/validate-manifest.js";
import type { Sluice } from "../../core/sluice.js";
import { classifyFailure, type FailureReason } from "./classify-failure.js";
import { scanUnsupported } from "./scan-unsupported.js";
import { syntheticConfig } from "./synthetic-config.js";

/** The steps of the corpus run, in order; a manifest stops at the first step it fails. */
export const STEPS = ["load", "resolve", "validate", "build"] as const;
export type Step = (typeof STEPS)[number];

/** What happened to one manifest. */
export interface ManifestResult {
  name: string;
  /** The last step passed (undefined when even loading failed). */
  passed?: Step;
  /** The step that failed, with its reasons. */
  failed?: { step: Step; reasons: FailureReason[] };
  /** Unsupported component types used anywhere in the manifest (`<field>: <Type>`). */
  unsupported: string[];
  /** Requests attempted during build (there must be none). */
  requestsAtBuild: number;
  ms: number;
}

const STEP_TIMEOUT_MS = 15_000;

/**
 * Runs load, resolve, validate and build on one manifest file, each step on its own, so a failure is
 * attributed to the step that caused it. Build uses a synthetic config made from the spec and a
 * transport that refuses every request (building must not send any). Never throws: a crash is a result.
 *
 * @example
 * const result = await runManifest(sluice, "/work/shared/corpus/airbyte-manifests/source-aha.yaml");
 * result.passed; // "build"
 */
export async function runManifest(sluice: Sluice, file: string): Promise<ManifestResult> {
  const started = performance.now();
  const result: ManifestResult = { name: basename(file).replace(/\.ya?ml$/, ""), unsupported: [], requestsAtBuild: 0, ms: 0 };
  const step = async <T>(name: Step, run: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      const value = await withTimeout(Promise.resolve().then(run), name);
      result.passed = name;
      return value;
    } catch (error) {
      result.failed = { step: name, reasons: classifyFailure(error) };
      return undefined;
    }
  };
  const loaded = await step("load", () => loadManifest({ path: file }));
  const manifest = loaded && (await step("resolve", () => resolve(sluice, loaded)));
  if (manifest) {
    result.unsupported = scanUnsupported(manifest, (type) => sluice.registry.find(type));
    const valid = await step("validate", () => {
      validateManifest(manifest, sluice.registry, { file, trustCustomCode: true });
      return true;
    });
    if (valid && loaded) await step("build", () => build(sluice, loaded, manifest, result));
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

function resolve(sluice: Sluice, loaded: LoadedManifest): Record<string, unknown> {
  const resolved = resolveReferences(loaded.manifest, loaded.file);
  resolved.type ??= "DeclarativeSource";
  return propagateParameters(resolved, ...registryLookups((type) => sluice.registry.find(type)));
}

async function build(sluice: Sluice, source: LoadedManifest, manifest: Record<string, unknown>, result: ManifestResult): Promise<void> {
  const spec = specOf(manifest);
  const streamNames = ((manifest.streams as Record<string, unknown>[] | undefined) ?? []).map((s) => String(s?.name ?? ""));
  const definition: ConnectorDefinition = { manifest, source, spec, streamNames, registry: sluice.registry, plugins: [] };
  const refuse: Fetch = async (url: string, _init: FetchInit) => {
    result.requestsAtBuild++;
    throw new Error(`corpus: no request may be sent while building (${url})`);
  };
  await sluice.connect({ definition, config: syntheticConfig(spec?.connectionSpecification), services: [[Fetch, refuse]] });
}

function withTimeout<T>(promise: Promise<T>, step: Step): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${step} step took longer than ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
