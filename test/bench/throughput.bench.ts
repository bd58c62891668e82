/**
 * Read throughput (issue 8, part 1): 100,000 records in pages of 100 with Bearer auth, for
 * OffsetIncrement, PageIncrement, CursorPagination from the body and from the Link header, each
 * read by Sluice and by a hand-written node-fetch loop on the same keep-alive transport function,
 * alternating, from a page server in a child process (so the server has its own core and event loop).
 * Reports the median records/s of each and their ratio (goal: Sluice >= 0.9), plus the offset ratio
 * with the server in this process, to show what sharing the event loop does to the comparison.
 *
 * @example
 * npm run bench -- throughput
 */
import { createNodeFetchTransport, type Fetch } from "../../core/index.js";
import { median, significant, type Metric } from "./support/measure.js";
import { startPageServer, type PageServer, type PageStyle } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { STRATEGIES, benchConnector, nodeFetchTransport, readByHand, readWithSluice } from "./support/readers.js";

const RECORDS = 100_000;
const ROUNDS = 3;

async function recordsPerSecond(read: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const n = await read();
  const seconds = (performance.now() - start) / 1000;
  if (n !== RECORDS) throw new Error(`read ${n} records, expected ${RECORDS}`);
  return n / seconds;
}

/** Sluice and the hand-written loop on one style, alternating; median records/s of each. */
export async function compare(server: PageServer, style: PageStyle, fetch: Fetch, rounds = ROUNDS): Promise<{ sluice: number; hand: number }> {
  const hand = nodeFetchTransport(fetch);
  const sluiceRun = async () => {
    const connector = await benchConnector(server.url, style, fetch);
    return recordsPerSecond(() => readWithSluice(connector));
  };
  const handRun = () => recordsPerSecond(() => readByHand(hand, server.url, style));
  await sluiceRun();
  await handRun();
  const s: number[] = [];
  const h: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // Alternate the order so that a slow moment of the machine does not always hit the same reader.
    if (i % 2 === 0) {
      s.push(await sluiceRun());
      h.push(await handRun());
    } else {
      h.push(await handRun());
      s.push(await sluiceRun());
    }
  }
  return { sluice: median(s), hand: median(h) };
}

function rows(prefix: string, result: { sluice: number; hand: number }): Metric[] {
  return [
    { name: `${prefix}.sluice`, value: Math.round(result.sluice), unit: "records/s" },
    { name: `${prefix}.handwritten`, value: Math.round(result.hand), unit: "records/s" },
    { name: `${prefix}.ratio`, value: significant(result.sluice / result.hand), unit: "x (goal >= 0.9)" },
  ];
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const fetch = createNodeFetchTransport({ maxSockets: 8 });
  const server = await startPageServerProcess({ total: RECORDS });
  try {
    for (const { style, label } of STRATEGIES) {
      process.stderr.write(`  ${label}\n`);
      metrics.push(...rows(`read.${style}`, await compare(server, style, fetch)));
    }
  } finally {
    await server.close();
  }
  const local = await startPageServer({ total: RECORDS });
  try {
    const result = await compare(local, "offset", fetch, 1);
    metrics.push(...rows("read.offset.server_in_process", result));
  } finally {
    await local.close();
  }
  return metrics;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
