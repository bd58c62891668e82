import { featureFamily } from "./feature-family.js";
import { STEPS, type ManifestResult, type Step } from "./run-manifest.js";

/** The corpus run in numbers, as written to `test/bench/results/corpus.json`. */
interface CorpusSummary {
  total: number;
  /** Manifests that passed each step (a manifest that passed `build` passed all four). */
  passed: Record<Step, number>;
  /** Manifests that failed at each step. */
  failedAt: Record<Step, number>;
  /** Failure reasons (unsupported types first among them), most frequent first: [feature, manifests]. */
  topReasons: [string, number][];
  /** Failure reasons by error code: [code, manifests]. */
  byCode: [string, number][];
  /** Unsupported types used anywhere in a manifest (not only the first failing one): [feature, manifests]. */
  unsupportedUse: [string, number][];
  /** Every component type named by the manifests, registered or not: [type, manifests], most used first. */
  typeUse: [string, number][];
  /** Areas (error handling, incremental sync...) that alone keep a manifest from passing: [area, manifests]. */
  soleBlocker: [string, number][];
  /** Requests attempted while building (must be 0). */
  requestsAtBuild: number;
  /** Manifests naming a Python class (`class_name`). */
  pythonComponents: number;
  /** Of those, the ones whose files are in the corpus (run with them): how many build and read at least one stream, their streams, and how many read. */
  pythonWithFiles: number;
  pythonBuild: number;
  pythonStreams: number;
  pythonStreamsRead: number;
  /** Manifests without a Python class that build. */
  builtWithoutPython: number;
  /** Manifests whose build failed only on what the synthetic configs lack (not Sluice failures). */
  configDependent: string[];
  /** Streams declared by the manifests without a Python class, and how many of them read with no engine error. */
  streams: number;
  streamsRead: number;
  /** Streams read whose mock served a second page (pagination went on). */
  streamsPaged: number;
  /** Failed streams of manifests without a spec (their config is guessed, so the failure may be the config's). */
  noSpecFailures: number;
  /** Why streams failed to read: cause, streams, manifests, a few examples (`manifest/stream`). */
  readFailures: ReadFailure[];
}

/** One cause of failed stream reads. */
interface ReadFailure {
  cause: string;
  streams: number;
  /** Of those, streams of manifests without a spec (config guessed). */
  noSpec: number;
  manifests: number;
  examples: string[];
  detail: string;
}

/**
 * Aggregates per-manifest results. Every count is "manifests", each reason counted once per manifest.
 *
 * @example
 * summarize(results).passed.build // 120
 */
export function summarize(results: readonly ManifestResult[]): CorpusSummary {
  const passed = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  const failedAt = Object.fromEntries(STEPS.map((s) => [s, 0])) as Record<Step, number>;
  const reasons = new Counter();
  const codes = new Counter();
  const use = new Counter();
  const types = new Counter();
  const sole = new Counter();
  for (const result of results) {
    const last = result.passed ? STEPS.indexOf(result.passed) : -1;
    for (const [i, step] of STEPS.entries()) if (i <= last) passed[step]++;
    for (const feature of result.unsupported) use.add(feature);
    types.addAll(result.types ?? []);
    if (!result.failed) continue;
    failedAt[result.failed.step]++;
    reasons.addAll(result.failed.reasons.map((r) => r.feature));
    codes.addAll(result.failed.reasons.map((r) => r.code));
    const families = new Set([...result.failed.reasons.map((r) => r.feature), ...result.unsupported].map(featureFamily));
    if (families.size === 1) sole.add([...families][0]!);
  }
  const eligible = results.filter((r) => !r.pythonClasses);
  const python = results.filter((r) => r.pythonFiles);
  return {
    pythonWithFiles: python.length,
    pythonBuild: python.filter((r) => r.passed === "build" && r.streams.some((s) => s.ok)).length,
    pythonStreams: python.reduce((sum, r) => sum + r.declaredStreams, 0),
    pythonStreamsRead: python.reduce((sum, r) => sum + r.streams.filter((s) => s.ok).length, 0),
    pythonComponents: results.length - eligible.length,
    builtWithoutPython: eligible.filter((r) => r.passed === "build").length,
    configDependent: results.filter((r) => r.configDependent).map((r) => r.name),
    streams: eligible.reduce((sum, r) => sum + r.declaredStreams, 0),
    streamsRead: eligible.reduce((sum, r) => sum + r.streams.filter((s) => s.ok).length, 0),
    streamsPaged: results.reduce((sum, r) => sum + r.streams.filter((s) => s.ok && s.maxPage >= 2).length, 0),
    readFailures: readFailures(results),
    noSpecFailures: results.filter((r) => r.noSpec).reduce((sum, r) => sum + r.streams.filter((s) => !s.ok).length, 0),
    total: results.length,
    passed,
    failedAt,
    topReasons: reasons.top(),
    byCode: codes.top(),
    unsupportedUse: use.top(),
    typeUse: types.top(),
    soleBlocker: sole.top(),
    requestsAtBuild: results.reduce((sum, r) => sum + r.requestsAtBuild, 0),
  };
}

function readFailures(results: readonly ManifestResult[]): ReadFailure[] {
  const byCause = new Map<string, ReadFailure & { names: Set<string> }>();
  for (const result of results) {
    for (const stream of result.streams) {
      if (stream.ok || !stream.reason) continue;
      const cause = stream.reason.feature;
      const entry = byCause.get(cause) ?? { cause, streams: 0, noSpec: 0, manifests: 0, examples: [], detail: stream.reason.detail, names: new Set<string>() };
      entry.streams++;
      entry.names.add(result.name);
      if (result.noSpec) entry.noSpec++;
      if (entry.examples.length < 3 && !entry.examples.some((e) => e.startsWith(`${result.name}/`))) entry.examples.push(`${result.name}/${stream.name}`);
      byCause.set(cause, entry);
    }
  }
  return [...byCause.values()]
    .map(({ names, ...entry }) => ({ ...entry, manifests: names.size }))
    .sort((a, b) => b.streams - a.streams || a.cause.localeCompare(b.cause));
}

/** Counts each key once per manifest. */
class Counter {
  private readonly counts = new Map<string, number>();

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  addAll(keys: readonly string[]): void {
    for (const key of new Set(keys)) this.add(key);
  }

  top(): [string, number][] {
    return [...this.counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }
}

/** The summary as the text table `npm run corpus` prints. */
export function formatSummary(summary: CorpusSummary, limit = 25): string {
  const pct = (n: number) => `${((100 * n) / Math.max(1, summary.total)).toFixed(1)}%`;
  const lines = [`Corpus: ${summary.total} manifests`, "", "step       passed         failed here"];
  for (const step of STEPS) lines.push(`${step.padEnd(10)} ${String(summary.passed[step]).padStart(4)} (${pct(summary.passed[step]).padStart(6)})  ${String(summary.failedAt[step]).padStart(4)}`);
  const table = (title: string, rows: [string, number][], max = limit) => {
    lines.push("", title);
    if (rows.length === 0) lines.push("  (none)");
    for (const [key, count] of rows.slice(0, max)) lines.push(`  ${String(count).padStart(4)}  ${key}`);
    if (rows.length > max) lines.push(`  ... ${rows.length - max} more in the JSON report`);
  };
  table(`Why manifests failed (top ${limit}, manifests per reason):`, summary.topReasons);
  table("Failures by error code (manifests):", summary.byCode);
  table(`Unsupported component types used anywhere (top ${limit}, manifests):`, summary.unsupportedUse);
  table("Component types by the manifests using them (every type, registered or not):", summary.typeUse, Infinity);
  table("Areas that alone keep a manifest from passing (manifests it would unblock):", summary.soleBlocker);
  lines.push("", `Requests attempted while building: ${summary.requestsAtBuild}`);
  lines.push(`Build failures that depend only on the synthetic config (not Sluice failures): ${summary.configDependent.length}${summary.configDependent.length ? ` (${summary.configDependent.join(", ")})` : ""}`);
  lines.push("", `Why streams failed to read against the mock API (top ${limit}: streams, manifests, examples):`);
  if (summary.readFailures.length === 0) lines.push("  (none)");
  for (const f of summary.readFailures.slice(0, limit)) {
    const guessed = f.noSpec ? ` (${f.noSpec} in manifests without a spec, config guessed)` : "";
    lines.push(`  ${String(f.streams).padStart(4)} ${String(f.manifests).padStart(4)}  ${f.cause}${guessed}\n             e.g. ${f.examples.join(", ")}`);
  }
  const eligible = summary.total - summary.pythonComponents;
  const streamPct = ((100 * summary.streamsRead) / Math.max(1, summary.streams)).toFixed(1);
  const pythonBuilt = summary.passed.build - summary.builtWithoutPython;
  lines.push("", `Totals: ${summary.passed.build}/${summary.total} manifests load, resolve, validate and build (${pct(summary.passed.build)}); ${summary.pythonComponents} name Python classes (${pythonBuilt} of them build); ${summary.builtWithoutPython}/${eligible} of the others build.`);
  lines.push(`Python components: ${summary.pythonBuild}/${summary.pythonWithFiles} manifests whose files are in the corpus build and read a stream; ${summary.pythonStreamsRead}/${summary.pythonStreams} of their streams read.`);
  lines.push(`Streams of the manifests without Python classes: ${summary.streamsRead}/${summary.streams} read against their mock API with no engine error (${streamPct}%); ${summary.streamsPaged} of them read a second page; ${summary.noSpecFailures} of the failures are in manifests without a spec (config guessed).`);
  return lines.join("\n");
}
