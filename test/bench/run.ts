/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` module (each exports
 * `run(): Promise<Metric[]>`), one after the other in this process, prints a table and writes the
 * results to `test/bench/results/<timestamp>.json`. Arguments select modules by name.
 *
 * @example
 * npm run bench                     # everything (about three minutes on 2 cores)
 * npm run bench -- throughput cli   # only throughput.bench.ts and cli.bench.ts
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Metric } from "./support/measure.js";
import { fileStamp, formatTable, machineInfo, resultsDocument, type ModuleResult } from "./support/report.js";

const here = import.meta.dirname;

/** The benchmark modules in this folder, sorted, filtered by the given name fragments. */
export function benchModules(dir: string, only: readonly string[]): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
}

/** Gives modules a `gc()` (as `--expose-gc` would) so memory figures can be taken after a collection. */
function exposeGc(): void {
  const global = globalThis as { gc?: () => void };
  if (global.gc) return;
  setFlagsFromString("--expose-gc");
  global.gc = runInNewContext("gc") as () => void;
}

async function runModule(file: string): Promise<ModuleResult> {
  const start = performance.now();
  process.stderr.write(`running ${file} ...\n`);
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<Metric[]> };
    if (typeof mod.run !== "function") throw new Error("exports no run() function");
    const metrics = await mod.run();
    return { module: file, seconds: (performance.now() - start) / 1000, metrics };
  } catch (error) {
    return { module: file, seconds: (performance.now() - start) / 1000, metrics: [], error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<void> {
  exposeGc();
  const started = new Date();
  const machine = machineInfo();
  process.stderr.write(`Node ${machine.node}, ${machine.cpu}, ${machine.cores} cores\n`);
  const results: ModuleResult[] = [];
  for (const file of benchModules(here, process.argv.slice(2))) results.push(await runModule(file));
  const finished = new Date();
  console.log(formatTable(results));
  const dir = join(here, "results");
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${fileStamp(started)}.json`);
  writeFileSync(out, `${JSON.stringify(resultsDocument(results, machine, started, finished), null, 2)}\n`);
  console.log(`\n${((finished.getTime() - started.getTime()) / 1000).toFixed(1)} s; results written to ${out}`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
