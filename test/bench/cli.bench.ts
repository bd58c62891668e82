/**
 * CLI start (issue 8, part 5): wall time from spawning `node bin/sluice.js` to its exit, for
 * `sluice --help` and for a `sluice read` of one page (50 records, Bearer auth) from a loopback
 * server, as a user or a platform runs it. Builds dist/ first (`npm run build`, what `bin/sluice.js`
 * runs), then reports the median of several runs and the fastest.
 *
 * @example
 * npm run bench -- cli
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { median, type Metric } from "./support/measure.js";
import { BENCH_TOKEN, startPageServer } from "./support/page-server.js";
import { benchManifest } from "./support/readers.js";
import { buildDist } from "./support/built-library.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const exec = promisify(execFile);
const RUNS = 7;

/** Wall milliseconds of `node bin/sluice.js ...args` (median and fastest of `runs`); checks stdout. */
export async function timeCommand(args: string[], check: (stdout: string) => void, runs = RUNS): Promise<{ median: number; min: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const { stdout } = await exec(process.execPath, [join(root, "bin/sluice.js"), ...args], { cwd: root, maxBuffer: 16 << 20 });
    times.push(performance.now() - start);
    check(stdout);
  }
  return { median: median(times), min: Math.min(...times) };
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  await buildDist();
  const dir = mkdtempSync(join(tmpdir(), "sluice-cli-bench-"));
  const server = await startPageServer({ total: 50 });
  try {
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(benchManifest(server.url, "offset")));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ api_key: BENCH_TOKEN }));
    const help = await timeCommand(["--help"], (out) => {
      if (!out.includes("usage: sluice")) throw new Error("sluice --help printed no usage");
    });
    const read = await timeCommand(["read", "--manifest", join(dir, "manifest.json"), "--config", join(dir, "config.json")], (out) => {
      const records = out.split("\n").filter((line) => line.includes('"type":"RECORD"')).length;
      if (records !== 50) throw new Error(`sluice read printed ${records} records, expected 50`);
    });
    return [
      { name: "cli.help.median", value: Math.round(help.median), unit: "ms" },
      { name: "cli.help.fastest", value: Math.round(help.min), unit: "ms" },
      { name: "cli.read_one_page.median", value: Math.round(read.median), unit: "ms" },
      { name: "cli.read_one_page.fastest", value: Math.round(read.min), unit: "ms" },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
