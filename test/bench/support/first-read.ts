/**
 * A child process for the throughput benchmark's cold rows: reads the benchmark stream once, with the built
 * library (dist/, built beforehand) or with the hand-written loop on node-fetch, in a process that has read
 * nothing before, and prints `{ records, cpuMs }`: the CPU time (user + system, all threads) of that one read,
 * as a one-shot `sluice read` pays it while V8 has not yet optimized the code on the page path.
 *
 * @example
 * node --import tsx test/bench/support/first-read.ts sluice http://127.0.0.1:4010 offset
 */
import type { Library } from "./built-library.js";
import type { PageStyle } from "./page-server.js";
import { benchConnector, nodeFetchTransport, readByHand, readWithSluice } from "./readers.js";

const [reader, url, style = "offset"] = process.argv.slice(2);
if ((reader !== "sluice" && reader !== "hand") || !url) throw new Error("usage: first-read.ts sluice|hand <server url> [style]");

// Both readers' setup (building the connector, importing node-fetch) happens before the clock starts.
let read: () => Promise<number>;
if (reader === "sluice") {
  const library = (await import(new URL("../../../dist/core/index.js", import.meta.url).href)) as Library;
  const connector = await benchConnector(url, style as PageStyle, library.createNodeFetchTransport({ maxSockets: 8 }), library);
  read = () => readWithSluice(connector, "pages");
} else {
  const transport = nodeFetchTransport();
  read = () => readByHand(transport, url, style as PageStyle);
}
const cpu = process.cpuUsage();
const records = await read();
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ records, cpuMs: (used.user + used.system) / 1000 }));
