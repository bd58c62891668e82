/**
 * Transport (issue 8, part 2): the same hand-written loop (100,000 records, pages of 100, Bearer auth,
 * OffsetIncrement-style paging) on node-fetch with Sluice's keep-alive agents, on Node's built-in
 * fetch, and on undici's `request`; and Sluice itself (a page at a time, as the CLI reads) on node-fetch
 * (its default transport) and on its undici transport (`--transport undici`), to show where the floor
 * is and what a faster transport buys. The page server runs in a child process.
 *
 * @example
 * npm run bench -- transport
 */
import { Agent } from "undici";
import { createNodeFetchTransport, createUndiciTransport, type Fetch } from "../../core/index.js";
import { median, significant, type Metric } from "./support/measure.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import {
  benchConnector,
  builtinFetchTransport,
  nodeFetchTransport,
  readByHand,
  readWithSluice,
  undiciTransport,
  type HandTransport,
} from "./support/readers.js";

const RECORDS = 100_000;
const ROUNDS = 3;

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const server = await startPageServerProcess({ total: RECORDS });
  const dispatcher = new Agent({ connections: 8, keepAliveTimeout: 60_000 });
  const nodeFetch = createNodeFetchTransport({ maxSockets: 8 });
  const viaUndici = createUndiciTransport({ maxSockets: 8 });
  const hand = (transport: HandTransport) => () => readByHand(transport, server.url, "offset");
  const sluice = (fetch: Fetch) => async () => readWithSluice(await benchConnector(server.url, "offset", fetch));
  const readers: Array<[string, () => Promise<number>]> = [
    ["transport.handwritten.node_fetch", hand(nodeFetchTransport())],
    ["transport.handwritten.builtin_fetch", hand(builtinFetchTransport())],
    ["transport.handwritten.undici_request", hand(undiciTransport(dispatcher))],
    ["transport.sluice.node_fetch", sluice(nodeFetch)],
    ["transport.sluice.undici", sluice(viaUndici)],
  ];
  const samples = new Map<string, number[]>(readers.map(([name]) => [name, []]));
  try {
    for (let round = -1; round < ROUNDS; round++) {
      for (const [name, read] of readers) {
        const start = performance.now();
        const n = await read();
        if (n !== RECORDS) throw new Error(`${name} read ${n} records, expected ${RECORDS}`);
        // Round -1 warms every reader (and the server) up; it is not counted.
        if (round >= 0) samples.get(name)!.push(n / ((performance.now() - start) / 1000));
      }
    }
  } finally {
    await server.close();
    await dispatcher.close();
  }
  const metrics: Metric[] = readers.map(([name]) => ({ name, value: Math.round(median(samples.get(name)!)), unit: "records/s" }));
  const floor = median(samples.get("transport.handwritten.node_fetch")!);
  for (const [name] of readers.slice(1)) {
    metrics.push({ name: `${name}.vs_handwritten_node_fetch`, value: significant(median(samples.get(name)!) / floor), unit: "x" });
  }
  return metrics;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
