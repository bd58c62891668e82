/**
 * Pagination throughput: reads 100,000 records in pages of 100 from a loopback server with
 * `OffsetIncrement` and with `CursorPagination`, and the same pages with a hand-written node-fetch
 * loop on the same keep-alive transport; reports records per second for both and the ratio
 * (target: Sluice >= 0.9 of the hand-written loop). Then reads 1,000,000 records with
 * `OffsetIncrement` and reports peak memory and how much the heap grew over the second half of the
 * read (it must not grow with the number of pages).
 *
 * @example
 * node --expose-gc --import tsx test/bench/pagination.bench.ts
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Fetch, createNodeFetchTransport, createSluice } from "../../core/index.js";
import { oneStreamManifest } from "../support/manifest-builder.js";

const PAGE = 100;
const RECORDS = 100_000;
const MEMORY_RECORDS = 1_000_000;

interface Metric { name: string; value: number; unit: string }

/** Answers `/offset?limit=&offset=` and `/cursor?limit=&after=` with pages of generated records. */
async function startPageServer(total: () => number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const limit = Number(url.searchParams.get("limit") ?? PAGE);
    const from = url.pathname === "/cursor" ? Number(url.searchParams.get("after") ?? 0) : Number(url.searchParams.get("offset") ?? 0);
    const count = Math.max(0, Math.min(limit, total() - from));
    const data = Array.from({ length: count }, (_, i) => ({ id: from + i + 1, name: `record ${from + i + 1}`, email: `user${from + i + 1}@example.com`, active: (from + i) % 3 !== 0 }));
    const end = from + count;
    const text = JSON.stringify({ data, next_cursor: end < total() ? String(end) : null });
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function manifest(url: string, kind: "offset" | "cursor"): Record<string, unknown> {
  const strategy = kind === "offset"
    ? { type: "OffsetIncrement", page_size: PAGE }
    : { type: "CursorPagination", cursor_value: "{{ response.next_cursor }}", page_size: PAGE };
  return oneStreamManifest({
    urlBase: url,
    path: `/${kind}`,
    paginator: {
      type: "DefaultPaginator",
      pagination_strategy: strategy,
      page_size_option: { inject_into: "request_parameter", field_name: "limit" },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: kind === "offset" ? "offset" : "after" },
    },
  });
}

async function readWithSluice(url: string, kind: "offset" | "cursor", fetch: Fetch, onRecord?: (n: number) => void): Promise<number> {
  const sluice = createSluice({ logLevel: "error", readLimits: { maxPages: 1_000_000 } }).register(Fetch, fetch);
  const connector = await sluice.connect({ manifest: manifest(url, kind) });
  let n = 0;
  for await (const _record of connector.read("items")) {
    n++;
    if (onRecord && n % 10_000 === 0) onRecord(n);
  }
  return n;
}

/** The loop a developer would write by hand, on the same transport. */
async function readByHand(url: string, kind: "offset" | "cursor", fetch: Fetch): Promise<number> {
  let n = 0;
  let token: string | undefined;
  for (;;) {
    const query = kind === "offset" ? `limit=${PAGE}${token ? `&offset=${token}` : ""}` : `limit=${PAGE}${token ? `&after=${token}` : ""}`;
    const response = await fetch(`${url}/${kind}?${query}`, { method: "GET", headers: {} });
    const body = JSON.parse(await response.text()) as { data: unknown[]; next_cursor: string | null };
    for (const _record of body.data) n++;
    if (kind === "offset") {
      if (body.data.length < PAGE) return n;
      token = String(n);
    } else {
      if (!body.next_cursor) return n;
      token = body.next_cursor;
    }
  }
}

async function timed(read: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const n = await read();
  if (n !== RECORDS) throw new Error(`read ${n} records, expected ${RECORDS}`);
  return n / ((performance.now() - start) / 1000);
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  let total = RECORDS;
  const server = await startPageServer(() => total);
  const fetch = createNodeFetchTransport({ maxSockets: 8 });
  const metrics: Metric[] = [];
  try {
    for (const kind of ["offset", "cursor"] as const) {
      await timed(() => readWithSluice(server.url, kind, fetch));
      await timed(() => readByHand(server.url, kind, fetch));
      const sluice: number[] = [];
      const hand: number[] = [];
      for (let i = 0; i < 3; i++) {
        sluice.push(await timed(() => readWithSluice(server.url, kind, fetch)));
        hand.push(await timed(() => readByHand(server.url, kind, fetch)));
      }
      const best = (xs: number[]) => Math.max(...xs);
      metrics.push(
        { name: `pagination.${kind}.sluice`, value: Math.round(best(sluice)), unit: "records/s" },
        { name: `pagination.${kind}.handwritten`, value: Math.round(best(hand)), unit: "records/s" },
        { name: `pagination.${kind}.ratio`, value: Number((best(sluice) / best(hand)).toFixed(3)), unit: "x" },
      );
    }
    total = MEMORY_RECORDS;
    let peakRss = 0;
    let heapAtHalf = 0;
    let heapAtEnd = 0;
    // With --expose-gc the heap is measured after a full collection, so growth means retained memory.
    const gc = (globalThis as { gc?: () => void }).gc;
    const n = await readWithSluice(server.url, "offset", fetch, (count) => {
      if (gc && (count === MEMORY_RECORDS / 2 || count === MEMORY_RECORDS)) gc();
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      if (count === MEMORY_RECORDS / 2) heapAtHalf = usage.heapUsed;
      if (count === MEMORY_RECORDS) heapAtEnd = usage.heapUsed;
    });
    if (n !== MEMORY_RECORDS) throw new Error(`read ${n} records, expected ${MEMORY_RECORDS}`);
    metrics.push(
      { name: "pagination.memory.peak_rss_1m_records", value: Math.round(peakRss / 2 ** 20), unit: "MB" },
      { name: "pagination.memory.heap_growth_second_half", value: Number(((heapAtEnd - heapAtHalf) / 2 ** 20).toFixed(1)), unit: "MB" },
    );
  } finally {
    await server.close();
  }
  return metrics;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const metric of await run()) console.log(`${metric.name.padEnd(44)} ${metric.value} ${metric.unit}`);
}
