import { rmSync } from "node:fs";
import { basename, dirname } from "node:path";
import { Fetch, type FetchInit, type ServiceToken } from "../../sdk/index.js";
import { specOf, type ConnectorDefinition } from "../../core/connector/connector-definition.js";
import { loadManifest, type LoadedManifest } from "../../core/manifest/load-manifest.js";
import { propagateParameters, registryLookups } from "../../core/manifest/propagate-parameters.js";
import { resolveReferences } from "../../core/manifest/resolve-references.js";
import { validateManifest } from "../../core/manifest/validate-manifest.js";
import type { Sluice } from "../../core/sluice.js";
import { classifyFailure, type FailureReason } from "./classify-failure.js";
import { scanUnsupported } from "./scan-unsupported.js";
import { scanTypes } from "./scan-types.js";
import { fetchToMock, readStreams, type StreamResult } from "./read-streams.js";
import { MockApi } from "./mock/mock-api.js";
import { createInterpolator } from "../../templates/index.js";
import { configVariants, usageConfigVariants } from "./synthetic-config.js";
import { fitConfig } from "./fit-config.js";
import { componentsFolder, stageComponents } from "./python-components.js";
import type { Connector } from "../../core/connector/connector.js";

/** The steps of the corpus run, in order; a manifest stops at the first step it fails. */
export const STEPS = ["load", "resolve", "validate", "build"] as const;
export type Step = (typeof STEPS)[number];

/** Error codes that say the synthetic config, not Sluice, is what a build failed on. */
const CONFIG_CODES = new Set(["AUTH_SELECTION_PATH_MISSING", "CONFIG_INVALID", "TEMPLATE_UNDEFINED_VALUE"]);

/** What happened to one manifest. */
export interface ManifestResult {
  name: string;
  /** The last step passed (undefined when even loading failed). */
  passed?: Step;
  /** The step that failed, with its reasons. */
  failed?: { step: Step; reasons: FailureReason[] };
  /** Unsupported component types used anywhere in the manifest (`<field>: <Type>`). */
  unsupported: string[];
  /** Every component type the manifest names (registered or not). */
  types: string[];
  /** Requests attempted during build (there must be none). */
  requestsAtBuild: number;
  /** The manifest names a Python class (`class_name`). */
  pythonClasses: boolean;
  /** Its Python components' files are in the corpus (`../airbyte-components/<name>/`): it runs with them. */
  pythonFiles?: boolean;
  /** Configs tried (one per `oneOf` option, then with optional fields) and how many of them built. */
  configs: { tried: number; built: number };
  /** The build failed only on what the synthetic configs lack (not a Sluice failure). */
  configDependent?: boolean;
  /** The streams the manifest declares (`streams`). */
  declaredStreams: number;
  /** Each stream read against the mock API (manifests that built). */
  streams: StreamResult[];
  /** The manifest has no spec: its config is guessed from the names its templates read, so its read failures may be the config's. */
  noSpec: boolean;
  ms: number;
}

const STEP_TIMEOUT_MS = 15_000;

/**
 * Runs load, resolve, validate and build on one manifest file, each step on its own, so a failure is
 * attributed to the step that caused it. Build tries the synthetic configs (each `oneOf` option, with and
 * without optional fields) with a transport that refuses every request (building must not send any);
 * then, unless `read` is false, every stream is read against the manifest's mock API. Never throws: a
 * crash is a result.
 *
 * @example
 * const result = await runManifest(sluice, "/work/shared/corpus/airbyte-manifests/source-aha.yaml");
 * result.passed; // "build"
 */
export async function runManifest(sluice: Sluice, file: string, options: { read: boolean } = { read: true }): Promise<ManifestResult> {
  const started = performance.now();
  const result: ManifestResult = { name: basename(file).replace(/\.ya?ml$/, ""), unsupported: [], types: [], requestsAtBuild: 0, pythonClasses: false, configs: { tried: 0, built: 0 }, declaredStreams: 0, streams: [], noSpec: false, ms: 0 };
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
  let loaded = await step("load", () => loadManifest({ path: file }));
  const manifest = loaded && (await step("resolve", () => resolve(sluice, loaded!)));
  if (manifest) {
    result.pythonClasses = JSON.stringify(manifest).includes('"class_name"');
    // Python components run from a copy of their saved files, in a folder named after their package.
    const components = result.pythonClasses ? componentsFolder(file) : undefined;
    if (components && loaded) {
      result.pythonFiles = true;
      loaded = { ...loaded, dir: stageComponents(components, manifest, file) };
    }
    result.noSpec = !specOf(manifest)?.connectionSpecification;
    result.declaredStreams = Array.isArray(manifest.streams) ? manifest.streams.length : 0;
    result.unsupported = scanUnsupported(manifest, (type) => sluice.registry.find(type));
    result.types = scanTypes(manifest);
    const valid = await step("validate", () => {
      validateManifest(manifest, sluice.registry, { file, trustCustomCode: true });
      return true;
    });
    const source = loaded;
    const configs = valid && source ? await step("build", () => build(sluice, source, manifest, result)) : undefined;
    if (configs && source && options.read) result.streams = await readWithConfigs(sluice, source, manifest, configs);
    if (result.pythonFiles && source) rmSync(dirname(source.dir), { recursive: true, force: true });
    // A manifest's dynamic streams are known once its resolvers listed them: they count as declared too.
    result.declaredStreams = Math.max(result.declaredStreams, result.streams.length);
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

function resolve(sluice: Sluice, loaded: LoadedManifest): Record<string, unknown> {
  const resolved = resolveReferences(loaded.manifest, loaded.file);
  resolved.type ??= "DeclarativeSource";
  return propagateParameters(resolved, ...registryLookups((type) => sluice.registry.find(type)));
}

/**
 * Builds with each synthetic config in turn (no request may be sent) and returns those that build.
 * When none does, the step fails with the first error no config explains (else the first config's),
 * marked config-dependent when every config failed on what the config lacks.
 */
async function build(sluice: Sluice, source: LoadedManifest, manifest: Record<string, unknown>, result: ManifestResult): Promise<Record<string, unknown>[]> {
  const spec = specOf(manifest)?.connectionSpecification;
  const plain = spec ? configVariants(spec) : usageConfigVariants(manifest);
  const configs = [...plain.map((c) => fitConfig(c, manifest, spec)).filter((c) => c !== undefined), ...plain];
  const refuse: Fetch = async (url: string, _init: FetchInit) => {
    result.requestsAtBuild++;
    throw new Error(`corpus: no request may be sent while building (${url})`);
  };
  const errors: unknown[] = [];
  const built: Record<string, unknown>[] = [];
  // Dynamic streams are listed from the API when the connector is built (as the kit lists them in
  // streams(config)): such a manifest builds against its mock API; any other must send nothing.
  const dynamic = Array.isArray(manifest.dynamic_streams) && manifest.dynamic_streams.length > 0;
  for (const config of configs) {
    try {
      if (dynamic) await buildAgainstMock(sluice, manifest, config, (fetch) => connect(sluice, source, manifest, config, fetch));
      else await connect(sluice, source, manifest, config, refuse);
      built.push(config);
    } catch (error) {
      errors.push(error);
    }
  }
  result.configs = { tried: configs.length, built: built.length };
  if (built.length > 0) return built;
  // A config the spec refuses is the synthetic config's fault, as a missing selection value is.
  const configOnly = (e: unknown) => classifyFailure(e).every((r) => CONFIG_CODES.has(r.code) || (r.code === "MANIFEST_INVALID" && r.detail?.startsWith("config.")));
  result.configDependent = errors.every(configOnly);
  // The reason reported: what fails whatever the config (a Python class), else the first config's failure.
  throw errors.find((e) => !configOnly(e)) ?? errors[0];
}

/** Configs a failed stream is read again with: a stream reads when some complete config reads it, as a manifest builds. */
const READ_ATTEMPTS = 3;

/**
 * Reads every stream with the first config that built; a stream that fails, or reads no record, is read
 * again with the next built configs (another `oneOf` option, optional fields filled: a partition list
 * the required fields leave empty). The best result counts: a read over a failure, more records over fewer.
 */
async function readWithConfigs(sluice: Sluice, source: LoadedManifest, manifest: Record<string, unknown>, configs: Record<string, unknown>[]): Promise<StreamResult[]> {
  const names = ((manifest.streams as Record<string, unknown>[] | undefined) ?? []).map((s) => String(s?.name ?? ""));
  const byName = new Map<string, StreamResult>();
  for (const [attempt, config] of configs.slice(0, READ_ATTEMPTS).entries()) {
    // Dynamic streams are known once a connector was built: the first read reads every stream it has.
    const known = new Set([...names, ...byName.keys()]);
    const failed = new Set([...known].filter((name) => !byName.get(name)?.ok || byName.get(name)?.records === 0));
    if (attempt > 0 && failed.size === 0) break;
    let streams: StreamResult[];
    try {
      streams = await readStreams(sluice, (fetch, services) => connect(sluice, source, manifest, config, fetch, services), manifest, config, attempt > 0 ? failed : undefined);
    } catch (error) {
      const reason = classifyFailure(error)[0]!;
      streams = [...failed].map((name) => ({ name, ok: false, records: 0, requests: 0, maxPage: 0, reason }));
    }
    for (const stream of streams) {
      const prior = byName.get(stream.name);
      if (!prior || (!prior.ok && stream.ok) || (prior.ok && stream.ok && stream.records > prior.records)) byName.set(stream.name, stream);
    }
  }
  return [...byName.values()];
}

async function buildAgainstMock(sluice: Sluice, manifest: Record<string, unknown>, config: Record<string, unknown>, build: (fetch: Fetch) => Promise<Connector>): Promise<void> {
  const api = await MockApi.start(manifest, config, createInterpolator());
  try {
    await build(fetchToMock(sluice, api));
  } finally {
    await api.close();
  }
}

function connect(sluice: Sluice, source: LoadedManifest, manifest: Record<string, unknown>, config: Record<string, unknown>, fetch: Fetch, services: Array<readonly [ServiceToken<unknown>, unknown]> = []): Promise<Connector> {
  const spec = specOf(manifest);
  const streamNames = ((manifest.streams as Record<string, unknown>[] | undefined) ?? []).map((s) => String(s?.name ?? ""));
  const definition: ConnectorDefinition = { manifest, source, spec, streamNames, registry: sluice.registry, plugins: [] };
  return sluice.connect({ definition, config, services: [[Fetch, fetch], ...services] });
}

function withTimeout<T>(promise: Promise<T>, step: Step): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${step} step took longer than ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
