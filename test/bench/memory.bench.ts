/**
 * Memory (issue 8, part 3; issue 40): the peak RSS of a process that reads 100,000 and then 1,000,000
 * records (pages of 100, OffsetIncrement, Bearer auth) with Sluice, each in a fresh child process so that
 * one read's heap cannot hide or inflate the other's, and how much the 1M read's peak grew over its
 * second half. Flat means the peak stops growing once the heap has reached its working size: records
 * are streamed, never accumulated across pages. Measured twice: through the library (`connector.read`),
 * and as `sluice read` (the built CLI executed as the platform runs it, its RECORD lines read through a
 * pipe), the number to hold against the Python kit's 86 MiB. The CLI's 100,000-record read also gives its
 * CPU time (median of five reads), the number to hold against the kit's 9.7 to 10.2 s, and, measured before
 * each read, the CPU time of a fixed piece of work (support/machine-speed.ts): how fast the host ran then.
 * Builds dist/ first.
 *
 * @example
 * npm run bench -- memory
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { median, significant, type Metric } from "./support/measure.js";
import { measuredRun } from "./support/measured-run.js";
import { BENCH_TOKEN } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { benchManifest } from "./support/readers.js";
import { buildDist } from "./support/built-library.js";
import { referenceCpuSeconds } from "./support/machine-speed.js";

const reader = fileURLToPath(new URL("./support/memory-reader.ts", import.meta.url));
const run$ = promisify(execFile);

interface Reading {
  records: number;
  maxRssMb: number;
  rssAtHalfMb: number;
  heapUsedMb: number;
}

/** Reads `total` records in a fresh `node` process and returns its peak RSS and final heap. */
export async function readInChild(total: number): Promise<Reading> {
  const server = await startPageServerProcess({ total });
  try {
    const { stdout } = await run$(process.execPath, ["--expose-gc", "--import", "tsx", reader, server.url, "offset", String(total)], { maxBuffer: 1 << 20 });
    const reading = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Reading;
    if (reading.records !== total) throw new Error(`the reader read ${reading.records} records, expected ${total}`);
    return reading;
  } finally {
    await server.close();
  }
}

/** Peak RSS (MiB) and CPU time (s, user + system) of `sluice read` of `total` records, the built CLI executed, stdout counted through a pipe. */
export async function cliRead(total: number): Promise<{ peakRssMib: number; cpuSeconds: number }> {
  const server = await startPageServerProcess({ total });
  const dir = mkdtempSync(join(tmpdir(), "sluice-memory-bench-"));
  try {
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(benchManifest(server.url, "offset")));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ api_key: BENCH_TOKEN }));
    // SLUICE_BENCH_BIN: another built checkout's bin/sluice.js, to compare versions (as in start.bench.ts).
    const bin = process.env.SLUICE_BENCH_BIN ?? fileURLToPath(new URL("../../bin/sluice.js", import.meta.url));
    const read = await measuredRun(bin, ["read", "--manifest", join(dir, "manifest.json"), "--config", join(dir, "config.json")], { cwd: dir });
    // Every record, then the final STATE, COMPLETE and the stream's two earlier statuses.
    if (read.stdoutLines < total) throw new Error(`sluice read wrote ${read.stdoutLines} lines, expected at least ${total}`);
    return { peakRssMib: read.peakRssMib, cpuSeconds: read.cpuSeconds };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The kit's CPU time for the same 100,000-record read, as issue 40 measured it (the real kit, rebuilt with its
 * native JSON and model libraries): the reference of the CPU goal where the kit is not installed
 * (`npm run bench -- --kit kit` measures it on this machine).
 */
const KIT_CPU_SECONDS = { fastest: 9.7, slowest: 10.2 };
/** Reads of 100,000 records whose medians are reported (CPU time varies by a tenth between reads). */
const CLI_RUNS = 5;

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  // `sluice read` runs the built dist/: build it first, as start.bench.ts and cli.bench.ts do.
  await buildDist();
  const smallReads: Array<{ peakRssMib: number; cpuSeconds: number }> = [];
  // The machine's speed is measured before each read: on a shared VM one read's CPU time moves with its host's load.
  const references: number[] = [];
  for (let i = 0; i < CLI_RUNS; i++) {
    references.push(await referenceCpuSeconds());
    smallReads.push(await cliRead(100_000));
  }
  const cliSmall = significant(median(smallReads.map((r) => r.peakRssMib)));
  const cpu = median(smallReads.map((r) => r.cpuSeconds));
  const cliLarge = significant((await cliRead(1_000_000)).peakRssMib);
  const small = await readInChild(100_000);
  const large = await readInChild(1_000_000);
  return [
    { name: "memory.cli_read.peak_rss.100k_records", value: cliSmall, unit: `MiB (goal <= 86, the kit's; median of ${CLI_RUNS})` },
    { name: "memory.cli_read.peak_rss.1m_records", value: cliLarge, unit: "MiB" },
    { name: "memory.cli_read.growth_100k_to_1m", value: significant(cliLarge - cliSmall), unit: "MiB (goal: flat)" },
    { name: "memory.cli_read.cpu.100k_records", value: significant(cpu), unit: `s CPU, user + system (median of ${CLI_RUNS})` },
    { name: "memory.cli_read.machine_reference_cpu", value: significant(median(references)), unit: `s CPU of support/machine-speed.ts's fixed work, before each read (median of ${CLI_RUNS}): how fast the host ran` },
    { name: "memory.cli_read.vs_kit_cpu", value: significant(KIT_CPU_SECONDS.fastest / cpu), unit: `x the kit's records per CPU second (goal >= 6; against the fastest of its ${KIT_CPU_SECONDS.fastest} to ${KIT_CPU_SECONDS.slowest} s)` },
    { name: "memory.peak_rss.100k_records", value: small.maxRssMb, unit: "MB" },
    { name: "memory.peak_rss.1m_records", value: large.maxRssMb, unit: "MB" },
    { name: "memory.peak_rss.growth_100k_to_1m", value: Math.round((large.maxRssMb - small.maxRssMb) * 10) / 10, unit: "MB" },
    { name: "memory.peak_rss.growth_500k_to_1m", value: Math.round((large.maxRssMb - large.rssAtHalfMb) * 10) / 10, unit: "MB (second half of the 1M read)" },
    { name: "memory.heap_after_read.100k_records", value: small.heapUsedMb, unit: "MB" },
    { name: "memory.heap_after_read.1m_records", value: large.heapUsedMb, unit: "MB" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
