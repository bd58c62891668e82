/**
 * The engine's own CPU per page: Sluice reading the throughput benchmark's manifests from an in-memory
 * `Fetch` (./support/memory-fetch.ts), so no socket, no transport and no server run. What it measures
 * is what Sluice adds to a page beyond the transport: building and guarding the request, the HTTP
 * client's bookkeeping, `JSON.parse`, selecting the records and one promise per record. The
 * hand-written loop over the same in-memory pages (parse, count, next URL) is reported beside it as
 * the floor. Deterministic enough to compare two versions of the engine on a busy machine; the
 * smallest of several rounds counts.
 *
 * @example
 * npm run bench -- engine
 */
import type { Fetch } from "../../core/index.js";
import { significant, type Metric } from "./support/measure.js";
import { MEMORY_URL, memoryFetch } from "./support/memory-fetch.js";
import { PAGE_SIZE, STRATEGIES, benchConnector, readByHand, readWithSluice, type HandTransport } from "./support/readers.js";

const RECORDS = 300_000;
const ROUNDS = 5;

/** The smallest CPU time per page (µs) over `ROUNDS` reads, after two warm-up reads. */
async function cpuPerPage(read: () => Promise<number>): Promise<number> {
  for (let i = 0; i < 2; i++) await read();
  let best = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.cpuUsage();
    const records = await read();
    const used = process.cpuUsage(start);
    if (records !== RECORDS) throw new Error(`read ${records} records, expected ${RECORDS}`);
    best = Math.min(best, (used.user + used.system) / (records / PAGE_SIZE));
  }
  return best;
}

/** The hand-written loop's transport over the in-memory `Fetch`. */
function handTransport(fetch: Fetch): HandTransport {
  return async (url, headers) => {
    const response = await fetch(url, { method: "GET", headers });
    let link: string | null = null;
    response.headers.forEach((value, name) => {
      if (name === "link") link = value;
    });
    return { status: response.status, link, text: await response.text() };
  };
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const metrics: Metric[] = [];
  for (const { style } of STRATEGIES) {
    const fetch = memoryFetch(style, RECORDS);
    const connector = await benchConnector(MEMORY_URL, style, fetch);
    const sluice = await cpuPerPage(() => readWithSluice(connector));
    const hand = await cpuPerPage(() => readByHand(handTransport(fetch), MEMORY_URL, style));
    metrics.push({ name: `engine.${style}.sluice_cpu_per_page`, value: significant(sluice), unit: "µs" });
    metrics.push({ name: `engine.${style}.hand_cpu_per_page`, value: significant(hand), unit: "µs" });
  }
  return metrics;
}
