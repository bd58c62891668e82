/**
 * `npm run corpus`: measures how many real Airbyte manifests Sluice can load, resolve, validate and
 * build, and what keeps the others from it (unsupported component types first), by frequency.
 * Reads `../shared/corpus/airbyte-manifests/*.yaml` (or the folder given as the first argument, or
 * `SLUICE_CORPUS`); never copies it. Writes the full results to `test/bench/results/corpus.json`.
 *
 * @example
 * npm run corpus
 * npm run corpus -- /path/to/manifests --quiet
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createSluice } from "../core/sluice.js";
import { Logger } from "../sdk/index.js";
import { runManifest, type ManifestResult } from "./corpus/run-manifest.js";
import { formatSummary, summarize } from "./corpus/summarize.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const folder = resolve(args.find((a) => !a.startsWith("--")) ?? process.env.SLUICE_CORPUS ?? join(root, "../shared/corpus/airbyte-manifests"));
const output = join(root, "test/bench/results/corpus.json");

async function main(): Promise<number> {
  if (!(await isFolder(folder))) {
    console.error(`corpus: no manifest folder at ${folder}; nothing to measure (give a folder as the first argument, or set SLUICE_CORPUS).`);
    return 0;
  }
  const files = (await readdir(folder)).filter((f) => /\.ya?ml$/.test(f)).sort();
  const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
  const sluice = createSluice({ logLevel: "error" });
  sluice.register(Logger, silent);
  // Ajv reports formats it does not check (date, date-time) through console.warn, once per spec: noise here.
  const warn = console.warn;
  console.warn = () => {};
  const results: ManifestResult[] = [];
  const started = performance.now();
  for (const file of files) {
    results.push(await runManifest(sluice, join(folder, file)));
    if (!args.includes("--quiet")) process.stderr.write(`\rcorpus: ${results.length}/${files.length}`);
  }
  console.warn = warn;
  process.stderr.write("\n");
  const summary = summarize(results);
  console.log(formatSummary(summary));
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s; details in ${output})`);
  await mkdir(dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify({ folder, date: new Date().toISOString(), summary, results }, null, 1)}\n`);
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
