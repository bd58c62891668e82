/**
 * A child process for the memory benchmark: reads the whole benchmark stream once with Sluice (its
 * default node-fetch transport) and prints `{ records, maxRssMb, rssAtHalfMb, heapUsedMb }` as JSON,
 * where the peak RSS is the process's (`process.resourceUsage().maxRSS`), `rssAtHalfMb` the peak when
 * half the records were read, and the heap is measured after a full GC.
 *
 * @example
 * node --expose-gc --import tsx test/bench/support/memory-reader.ts http://127.0.0.1:4010 offset 1000000
 */
import { createNodeFetchTransport } from "../../../core/index.js";
import type { PageStyle } from "./page-server.js";
import { benchConnector } from "./readers.js";

const [url, style = "offset"] = process.argv.slice(2);
if (!url) throw new Error("usage: memory-reader.ts <server url> [style]");
const connector = await benchConnector(url, style as PageStyle, createNodeFetchTransport({ maxSockets: 8 }));
const expected = Number(process.argv[4] ?? 0);
let records = 0;
let rssAtHalf = 0;
for await (const _record of connector.read("items")) {
  if (++records === Math.floor(expected / 2)) rssAtHalf = process.resourceUsage().maxRSS * 1024;
}
(globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
console.log(JSON.stringify({ records, maxRssMb: mb(process.resourceUsage().maxRSS * 1024), rssAtHalfMb: mb(rssAtHalf), heapUsedMb: mb(process.memoryUsage().heapUsed) }));
