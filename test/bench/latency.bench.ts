/**
 * Latency (issue 11): a loopback API whose every response is 100 ms late, read by Sluice at
 * concurrency 1, 5 and 10, (a) one stream of 20 partitions x 3 pages, (b) six streams of 4 pages. Reports
 * the wall time of each read against two floors: `floor`, requests x latency / concurrency (the issue's
 * definition), and `best`, what any scheduler can reach when the pages of one slice are sequential:
 * ceil(slices / concurrency) rounds of one slice's pages (for (b) at concurrency 5: six 400 ms streams
 * on five workers take two rounds, 800 ms, where requests x latency / concurrency says 480 ms).
 * Goal: within 1.5x of the floor at concurrency 10. Each read is checked: every record exactly once,
 * never more requests in flight than the concurrency.
 *
 * @example
 * npm run bench -- latency
 */
import { createSluice } from "../../core/index.js";
import { itemsStream, latencyManifest, startLatencyApi, type LatencyApi } from "../support/latency-api.js";
import { significant, type Metric } from "./support/measure.js";

const LATENCY_MS = 100;
const ROUNDS = 3;

interface Workload {
  name: string;
  streams: (url: string) => Record<string, unknown>[];
  requests: number;
  /** Slices, and the pages of each (read one after the other). */
  slices: number;
  chain: number;
  records: number;
}

const WORKLOADS: Workload[] = [
  {
    name: "partitions_20x3",
    streams: (url) => [itemsStream("items", url, Array.from({ length: 20 }, (_, i) => `part${i}`))],
    requests: 60,
    slices: 20,
    chain: 3,
    records: 60 * 10,
  },
  {
    name: "streams_6x4",
    streams: (url) => Array.from({ length: 6 }, (_, i) => itemsStream(`stream${i}`, url)),
    requests: 24,
    slices: 6,
    chain: 4,
    records: 24 * 10,
  },
];

async function readOnce(api: LatencyApi, workload: Workload, concurrency: number): Promise<number> {
  const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest(workload.streams(api.url)) });
  api.reset();
  const ids = new Set<string>();
  const start = performance.now();
  for await (const batch of connector.readAll({ concurrency }).pages()) {
    if (batch.type === "records") for (const record of batch.records) ids.add(`${batch.stream}/${String(record.id)}`);
    if (batch.type === "status" && batch.status === "INCOMPLETE") throw batch.error;
  }
  const ms = performance.now() - start;
  if (ids.size !== workload.records) throw new Error(`${workload.name} at ${concurrency}: ${ids.size} distinct records, expected ${workload.records}`);
  if (api.maxInFlight > concurrency) throw new Error(`${workload.name} at ${concurrency}: ${api.maxInFlight} requests in flight`);
  return ms;
}

/**
 * Peak heap while 50 partitions are read at concurrency 50 by a consumer slower than the API (1 ms per
 * page): the bounded queue makes the workers wait, so the peak does not grow with the pages read.
 */
async function peakHeapMb(pagesPerPartition: number): Promise<number> {
  const api = await startLatencyApi({ delayMs: 5, pages: pagesPerPartition, perPage: 100 });
  try {
    const parts = Array.from({ length: 50 }, (_, i) => `part${i}`);
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url, parts)]) });
    globalThis.gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    let records = 0;
    for await (const batch of connector.readAll({ concurrency: 50 }).pages()) {
      if (batch.type !== "records") continue;
      records += batch.records.length;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    if (records !== 50 * pagesPerPartition * 100) throw new Error(`read ${records} records`);
    return (peak - base) / 2 ** 20;
  } finally {
    await api.close();
  }
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const metrics: Metric[] = [];
  for (const pages of [4, 40]) {
    metrics.push({ name: `latency.memory.50_partitions_x${pages}_pages.peak_heap_growth`, value: significant(await peakHeapMb(pages)), unit: `MB (${50 * pages * 100} records, slow consumer)` });
  }
  const api = await startLatencyApi({ delayMs: LATENCY_MS, pages: 4, perPage: 10 });
  try {
    for (const workload of WORKLOADS) {
      const pages = workload.name === "partitions_20x3" ? 3 : 4;
      const pagedApi = pages === 4 ? api : await startLatencyApi({ delayMs: LATENCY_MS, pages, perPage: 10 });
      try {
        for (const concurrency of [1, 5, 10]) {
          await readOnce(pagedApi, workload, concurrency); // warm-up
          let best = Infinity;
          for (let i = 0; i < ROUNDS; i++) best = Math.min(best, await readOnce(pagedApi, workload, concurrency));
          const floor = (workload.requests * LATENCY_MS) / concurrency;
          const possible = Math.ceil(workload.slices / concurrency) * workload.chain * LATENCY_MS;
          const prefix = `latency.${workload.name}.c${concurrency}`;
          metrics.push({ name: `${prefix}.wall`, value: Math.round(best), unit: "ms" });
          metrics.push({ name: `${prefix}.floor`, value: Math.round(floor), unit: "ms" });
          metrics.push({ name: `${prefix}.vs_floor`, value: significant(best / floor), unit: concurrency === 10 ? "x (goal <= 1.5)" : "x" });
          metrics.push({ name: `${prefix}.vs_best_possible`, value: significant(best / possible), unit: `x (of ${possible} ms)` });
        }
      } finally {
        if (pagedApi !== api) await pagedApi.close();
      }
    }
  } finally {
    await api.close();
  }
  return metrics;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
