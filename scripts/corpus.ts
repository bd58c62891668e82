/**
 * `npm run corpus`: measures how many real Airbyte manifests Sluice can load, resolve, validate and
 * build (with synthetic configs, each `oneOf` option in turn), then reads every stream of each built
 * manifest through the real engine against a loopback mock API derived from the manifest, and reports
 * what keeps the rest from it, by frequency. Reads `../shared/corpus/airbyte-manifests/*.yaml` (or the
 * folder given as the first argument, or `SLUICE_CORPUS`); never copies it. Writes the full results to
 * `test/bench/results/corpus.json`.
 *
 * Flags: `--parent-cache FILE` also measures the requests the parent-stream response cache saves (one JSON line per
 * manifest with a SubstreamPartitionRouter); `--json` prints the counts as one JSON object on the last line; `--no-read` stops after the
 * build; `--jobs N` manifests at a time (default 3); `--only NAME` runs the manifests whose name contains NAME;
 * `--python` only the manifests with Python components whose files are in `../airbyte-components/` (run with them);
 * `--quiet` hides progress.
 *
 * @example
 * npm run corpus
 * npm run corpus -- /path/to/manifests --quiet --json
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createSluice } from "../core/sluice.js";
import { Logger } from "../sdk/index.js";
import { componentsFolder } from "./corpus/python-components.js";
import { runManifest, type ManifestResult } from "./corpus/run-manifest.js";
import { formatSummary, summarize } from "./corpus/summarize.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flagValue = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !["--jobs", "--only", "--parent-cache"].includes(args[i - 1] ?? ""));
// The corpus sits beside the repository (`../shared`), or beside the folder of worktrees (`../../shared`).
const nearby = [join(root, "../shared/corpus/airbyte-manifests"), join(root, "../../shared/corpus/airbyte-manifests")];
const folder = resolve(positional[0] ?? process.env.SLUICE_CORPUS ?? nearby.find((path) => existsSync(path)) ?? nearby[0]!);
const jobs = Math.max(1, Number(flagValue("--jobs") ?? 3));
// `--parent-cache FILE`: also measure, per manifest with a SubstreamPartitionRouter, the requests the parent cache saves.
const parentCache = flagValue("--parent-cache");
if (parentCache) process.env.SLUICE_CORPUS_PARENT_CACHE = resolve(parentCache);
const output = join(root, "test/bench/results/corpus.json");

async function main(): Promise<number> {
  if (!(await isFolder(folder))) {
    console.error(`corpus: no manifest folder at ${folder}; nothing to measure (give a folder as the first argument, or set SLUICE_CORPUS).`);
    return 0;
  }
  const only = flagValue("--only");
  const pythonOnly = args.includes("--python");
  const files = (await readdir(folder))
    .filter((f) => /\.ya?ml$/.test(f) && (!only || f.includes(only)) && (!pythonOnly || componentsFolder(join(folder, f)) !== undefined))
    .sort();
  const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
  // Bounded retries and timeouts: the mock never fails on purpose, so a retry means a defect to report, not to wait for.
  const sluice = createSluice({ logLevel: "error", http: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 50, timeoutMs: 5000 } });
  sluice.register(Logger, silent);
  // Ajv reports formats it does not check (date, date-time) through console.warn, once per spec: noise here.
  const warn = console.warn;
  console.warn = () => {};
  const results: ManifestResult[] = new Array(files.length);
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      results[i] = await runManifest(sluice, join(folder, files[i]!), { read: !args.includes("--no-read") });
      done++;
      if (!args.includes("--quiet")) process.stderr.write(`\rcorpus: ${done}/${files.length}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  console.warn = warn;
  process.stderr.write("\n");
  const summary = summarize(results);
  console.log(formatSummary(summary));
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s; details in ${output})`);
  await mkdir(dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify({ folder, date: new Date().toISOString(), summary, results }, null, 1)}\n`);
  if (args.includes("--json")) {
    const { passed } = summary;
    console.log(JSON.stringify({
      manifests: summary.total, load: passed.load, resolve: passed.resolve, validate: passed.validate, build: passed.build,
      python_components: summary.pythonComponents, streams: summary.streams, streams_read: summary.streamsRead,
      python_build: summary.pythonBuild, python_streams: summary.pythonStreams, python_streams_read: summary.pythonStreamsRead,
    }));
  }
  return 0;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("corpus: the run itself failed:", error);
    process.exit(1);
  },
);
