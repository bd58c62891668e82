/**
 * A child process for the memory benchmark: reads the whole benchmark stream once with Sluice (its
 * default node-fetch transport) and prints `{ records, maxRssMb, heapUsedMb }` as JSON, where the peak
 * RSS is the process's (`process.resourceUsage().maxRSS`) and the heap is measured after a full GC.
 *
 * @example
 * node --expose-gc --import tsx test/bench/support/memory-reader.ts http://127.0.0.1:4010 offset
 */
import { createNodeFetchTransport } from "../../../core/index.js";
import type { PageStyle } from "./page-server.js";
import { benchConnector, readWithSluice } from "./readers.js";

const [url, style = "offset"] = process.argv.slice(2);
if (!url) throw new Error("usage: memory-reader.ts <server url> [style]");
const connector = await benchConnector(url, style as PageStyle, createNodeFetchTransport({ maxSockets: 8 }));
const records = await readWithSluice(connector);
(globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
console.log(JSON.stringify({ records, maxRssMb: mb(process.resourceUsage().maxRSS * 1024), heapUsedMb: mb(process.memoryUsage().heapUsed) }));
