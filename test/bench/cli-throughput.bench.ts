/**
 * `sluice read` throughput, as a user or the platform runs it: records per second from spawning the CLI
 * to its exit, writing Airbyte RECORD lines to /dev/null, against the hand-written loop that does the
 * same (test/bench/support/hand-cli.ts: node-fetch, `JSON.parse`, one line per record, next offset).
 * Each is run at two sizes and the rate is taken over the difference, so process start (Sluice loads
 * its engine, about 0.3 s) cancels out: rate = (large - small records) / (large - small seconds). The
 * page server runs in its own process. Builds dist/ first, as `bin/sluice.js` needs.
 *
 * @example
 * npm run bench -- cli-throughput
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { median, significant, type Metric } from "./support/measure.js";
import { BENCH_TOKEN } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { benchManifest } from "./support/readers.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const exec = promisify(execFile);
const SMALL = 50_000;
const LARGE = 250_000;
const ROUNDS = 5;

/** Seconds from spawn to exit of `node args` with stdout to /dev/null (a non-zero exit is an error). */
function timed(args: string[]): Promise<number> {
  const devNull = openSync("/dev/null", "w");
  const start = performance.now();
  return new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", devNull, "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      closeSync(devNull);
      if (code !== 0) reject(new Error(`node ${args.join(" ")} exited ${code}: ${stderr.slice(0, 500)}`));
      else resolve((performance.now() - start) / 1000);
    });
  });
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  await exec(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root });
  const dir = mkdtempSync(join(tmpdir(), "sluice-cli-throughput-"));
  const servers = { small: await startPageServerProcess({ total: SMALL }), large: await startPageServerProcess({ total: LARGE }) };
  try {
    const config = join(dir, "config.json");
    writeFileSync(config, JSON.stringify({ api_key: BENCH_TOKEN }));
    const manifests = { small: join(dir, "small.json"), large: join(dir, "large.json") };
    writeFileSync(manifests.small, JSON.stringify(benchManifest(servers.small.url, "offset")));
    writeFileSync(manifests.large, JSON.stringify(benchManifest(servers.large.url, "offset")));
    const sluice = (size: "small" | "large") => timed([join(root, "bin/sluice.js"), "read", "--manifest", manifests[size], "--config", config]);
    const hand = (size: "small" | "large") => timed(["--import", "tsx", join(root, "test/bench/support/hand-cli.ts"), servers[size].url, BENCH_TOKEN]);
    const rate = async (reader: typeof sluice) => (LARGE - SMALL) / ((await reader("large")) - (await reader("small")));
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
    return [
      { name: "cli_read.sluice", value: Math.round(median(pairs.map((p) => p.sluice))), unit: "records/s" },
      { name: "cli_read.handwritten", value: Math.round(median(pairs.map((p) => p.hand))), unit: "records/s" },
      { name: "cli_read.ratio", value: significant(median(pairs.map((p) => p.sluice / p.hand))), unit: "x (Sluice / hand-written)" },
    ];
  } finally {
    await servers.small.close();
    await servers.large.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
