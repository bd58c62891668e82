/**
 * Memory (issue 8, part 3): the peak RSS of a process that reads 100,000 and then 1,000,000 records
 * (pages of 100, OffsetIncrement, Bearer auth) with Sluice, each in a fresh child process so that
 * one read's heap cannot hide or inflate the other's, and how much the 1M read's peak grew over its
 * second half. Flat means the peak stops growing once the heap has reached its working size: records
 * are streamed, never accumulated across pages.
 *
 * @example
 * npm run bench -- memory
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Metric } from "./support/measure.js";
import { startPageServerProcess } from "./support/page-server-process.js";

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

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const small = await readInChild(100_000);
  const large = await readInChild(1_000_000);
  return [
    { name: "memory.peak_rss.100k_records", value: small.maxRssMb, unit: "MB" },
    { name: "memory.peak_rss.1m_records", value: large.maxRssMb, unit: "MB" },
    { name: "memory.peak_rss.growth_100k_to_1m", value: Math.round((large.maxRssMb - small.maxRssMb) * 10) / 10, unit: "MB" },
    { name: "memory.peak_rss.growth_500k_to_1m", value: Math.round((large.maxRssMb - large.rssAtHalfMb) * 10) / 10, unit: "MB (second half of the 1M read)" },
    { name: "memory.heap_after_read.100k_records", value: small.heapUsedMb, unit: "MB" },
    { name: "memory.heap_after_read.1m_records", value: large.heapUsedMb, unit: "MB" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
