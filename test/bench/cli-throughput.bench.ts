/**
 * `sluice read` throughput, as a user or the platform runs it: records per second from spawning the CLI
 * to its exit, writing Airbyte RECORD lines to /dev/null, against the hand-written loop that does the
 * same (test/bench/support/hand-cli.ts: node-fetch, `JSON.parse`, one line per record, next offset).
 * Each is run at two sizes and the rate is taken over the difference, so process start (Sluice loads
 * its engine, about 0.3 s) cancels out: rate = (large - small records) / (large - small seconds). The
 * page server runs in its own process. Builds dist/ first, as `bin/sluice.js` needs.
 * Two ways to take the output: stdout to /dev/null (`cli_read.*`), and stdout through a pipe that this
 * process reads, counting the lines (`cli_read.piped.*`), the way the Airbyte platform reads a source:
 * the reader then shares the 2 cores with the server and with whoever takes its output.
 *
 * @example
 * npm run bench -- cli-throughput
 */
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, significant, type Metric } from "./support/measure.js";
import { BENCH_TOKEN } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { benchManifest } from "./support/readers.js";
import { buildDist } from "./support/built-library.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SMALL = 50_000;
const LARGE = 250_000;
const ROUNDS = 5;
const SIZES = { small: SMALL, large: LARGE };

/** Where a run's stdout goes: /dev/null, or a pipe this process reads (counting the lines it gets). */
type Output = "devnull" | "piped";

/**
 * Seconds from spawn to exit of `node args` (a non-zero exit is an error). Piped, the run must write
 * `lines` lines: what the reader of the pipe sees is checked, not only the time.
 */
function timed(args: string[], output: Output, lines: number): Promise<number> {
  const devNull = output === "devnull" ? openSync("/dev/null", "w") : undefined;
  const start = performance.now();
  return new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", devNull ?? "pipe", "pipe"] });
    let stderr = "";
    let seen = 0;
    child.stdout?.on("data", (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) seen++;
    });
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (devNull !== undefined) closeSync(devNull);
      if (code !== 0) reject(new Error(`node ${args.join(" ")} exited ${code}: ${stderr.slice(0, 500)}`));
      else if (devNull === undefined && seen < lines) reject(new Error(`node ${args.join(" ")} wrote ${seen} lines, expected at least ${lines}`));
      else resolve((performance.now() - start) / 1000);
    });
  });
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  await buildDist();
  const dir = mkdtempSync(join(tmpdir(), "sluice-cli-throughput-"));
  const servers = { small: await startPageServerProcess({ total: SMALL }), large: await startPageServerProcess({ total: LARGE }) };
  try {
    const config = join(dir, "config.json");
    writeFileSync(config, JSON.stringify({ api_key: BENCH_TOKEN }));
    const manifests = { small: join(dir, "small.json"), large: join(dir, "large.json") };
    writeFileSync(manifests.small, JSON.stringify(benchManifest(servers.small.url, "offset")));
    writeFileSync(manifests.large, JSON.stringify(benchManifest(servers.large.url, "offset")));
    const sluice = (size: "small" | "large", output: Output) => timed([join(root, "bin/sluice.js"), "read", "--manifest", manifests[size], "--config", config], output, SIZES[size]);
    const hand = (size: "small" | "large", output: Output) => timed(["--import", "tsx", join(root, "test/bench/support/hand-cli.ts"), servers[size].url, BENCH_TOKEN], output, SIZES[size]);
    const metrics: Metric[] = [];
    for (const output of ["devnull", "piped"] as const) {
      const rate = async (reader: typeof sluice) => (LARGE - SMALL) / ((await reader("large", output)) - (await reader("small", output)));
      await rate(sluice);
      await rate(hand);
      const pairs: Array<{ sluice: number; hand: number }> = [];
      for (let i = 0; i < ROUNDS; i++) {
        if (i % 2 === 0) {
          const s = await rate(sluice);
          pairs.push({ sluice: s, hand: await rate(hand) });
        } else {
          const h = await rate(hand);
          pairs.push({ sluice: await rate(sluice), hand: h });
        }
      }
      const prefix = output === "devnull" ? "cli_read" : "cli_read.piped";
      metrics.push(
        { name: `${prefix}.sluice`, value: Math.round(median(pairs.map((p) => p.sluice))), unit: "records/s" },
        { name: `${prefix}.handwritten`, value: Math.round(median(pairs.map((p) => p.hand))), unit: "records/s" },
        { name: `${prefix}.ratio`, value: significant(median(pairs.map((p) => p.sluice / p.hand))), unit: "x (Sluice / hand-written)" },
      );
    }
    return metrics;
  } finally {
    await servers.small.close();
    await servers.large.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
