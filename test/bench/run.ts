/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` module (each exports
 * `run(): Promise<Metric[]>`), one after the other, each in a fresh `node` process (so one module's
 * leftovers, its heap, timers and sockets, cannot slow the next one down), with `gc()` exposed;
 * prints a table and writes the results to `test/bench/results/<timestamp>.json`. Arguments select
 * modules by name.
 *
 * @example
 * npm run bench                     # everything (about six minutes on 2 cores)
 * npm run bench -- throughput cli   # only throughput.bench.ts and cli.bench.ts
 * npm run bench -- --kit kit         # the side-by-side with the Python kit (kit.bench.ts), only with --kit
 */
import { fork } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Metric } from "./support/measure.js";
import { fileStamp, formatTable, machineInfo, resultsDocument, type ModuleResult } from "./support/report.js";

const here = import.meta.dirname;

/** The module that needs the Python kit installed: run only with `--kit`. */
const KIT_MODULE = "kit.bench.ts";

/** The benchmark modules in this folder, sorted, filtered by the given name fragments (`--kit` adds kit.bench.ts). */
export function benchModules(dir: string, args: readonly string[]): string[] {
  const kit = args.includes("--kit");
  const only = args.filter((a) => a !== "--kit");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => kit || f !== KIT_MODULE)
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
}

/** Runs one module in this process (the child side) and sends its metrics to the parent. */
async function runHere(file: string): Promise<void> {
  let answer: { metrics?: Metric[]; error?: string };
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<Metric[]> };
    if (typeof mod.run !== "function") throw new Error("exports no run() function");
    answer = { metrics: await mod.run() };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  // Exit once the answer is sent, even if the module left a timer or a socket open.
  process.send!(answer, () => process.exit(0));
}

/** Runs one module in a fresh `node --expose-gc --import tsx` process. */
function runModule(file: string): Promise<ModuleResult> {
  const start = performance.now();
  process.stderr.write(`running ${file} ...\n`);
  const child = fork(fileURLToPath(import.meta.url), ["--module", file], { execArgv: ["--expose-gc", "--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve) => {
    let answer: { metrics?: Metric[]; error?: string } = { error: "the module's process exited without results" };
    child.on("message", (message) => {
      answer = message as typeof answer;
    });
    child.on("exit", (code) => {
      const seconds = (performance.now() - start) / 1000;
      const error = answer.error ?? (code ? `the module's process exited with code ${code}` : undefined);
      resolve({ module: file, seconds, metrics: answer.metrics ?? [], ...(error ? { error } : {}) });
    });
  });
}

async function main(): Promise<void> {
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--module");
  if (at >= 0 && process.send) await runHere(process.argv[at + 1]!);
  else await main();
}
