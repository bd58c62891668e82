/**
 * Read throughput (issue 8, part 1): 100,000 records in pages of 100 with Bearer auth, for
 * OffsetIncrement, PageIncrement, CursorPagination from the body and from the Link header, each
 * read by Sluice as a host imports it (the built dist/, ./support/built-library.ts; a page at a time,
 * `connector.read(name).pages()`, as the CLI reads; and once per record with `for await`, for offset) and by
 * a hand-written loop on node-fetch as installed, with the same kind of keep-alive agent,
 * alternating in back-to-back pairs, from a page server in a child process (so the server has its own
 * core and event loop). Reports the median records/s of each, the median of the pairs' ratios (goal:
 * Sluice >= 0.95), and the reader's CPU time per page, which other processes' load disturbs less than
 * wall time; plus the offset comparison with the server in this process, to show what sharing the
 * event loop does to it, and with the loop on Sluice's own transport, to show the engine's own share.
 *
 * @example
 * npm run bench -- throughput
 */
import type { Fetch } from "../../core/index.js";
import { builtLibrary, type Library } from "./support/built-library.js";
import { median, significant, type Metric } from "./support/measure.js";
import { startPageServer, type PageServer, type PageStyle } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { PAGE_SIZE, STRATEGIES, benchConnector, nodeFetchTransport, readByHand, readWithSluice, sluiceTransport, type HandTransport, type ReadMode } from "./support/readers.js";

const RECORDS = 100_000;
const ROUNDS = 5;

interface Sample {
  /** Records per second, wall clock. */
  rate: number;
  /** This process's CPU time (user + system, all threads) per page, in microseconds. */
  cpuPerPage: number;
}

async function sample(read: () => Promise<number>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const n = await read();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  if (n !== RECORDS) throw new Error(`read ${n} records, expected ${RECORDS}`);
  return { rate: n / seconds, cpuPerPage: (used.user + used.system) / (RECORDS / PAGE_SIZE) };
}

/** The medians of a comparison; `ratio` is the median of the per-round ratios (each round's two reads ran back to back). */
export interface Comparison {
  sluice: Sample;
  hand: Sample;
  ratio: number;
  cpuRatio: number;
}

/** How {@link compare} reads: pairs, the way Sluice's records are taken, and the hand-written loop's transport. */
interface CompareOptions {
  /** Alternating pairs after the warm-up (default {@link ROUNDS}). */
  rounds?: number;
  /** Default `pages`. */
  mode?: ReadMode;
  /** Default node-fetch as installed. */
  hand?: HandTransport;
}

/**
 * The built library (on its transport `fetch`) and the hand-written loop on one style, two warm-up reads
 * each, then `rounds` alternating pairs.
 */
export async function compare(server: PageServer, style: PageStyle, library: Library, fetch: Fetch, { rounds = ROUNDS, mode = "pages", hand = nodeFetchTransport() }: CompareOptions = {}): Promise<Comparison> {
  const sluiceRun = async () => {
    const connector = await benchConnector(server.url, style, fetch, library);
    return sample(() => readWithSluice(connector, mode));
  };
  const handRun = () => sample(() => readByHand(hand, server.url, style));
  for (let i = 0; i < 2; i++) {
    await sluiceRun();
    await handRun();
  }
  const pairs: Array<{ sluice: Sample; hand: Sample }> = [];
  for (let i = 0; i < rounds; i++) {
    // Alternate the order so that a slow moment of the machine does not always hit the same reader.
    if (i % 2 === 0) {
      const sluice = await sluiceRun();
      pairs.push({ sluice, hand: await handRun() });
    } else {
      const hand = await handRun();
      pairs.push({ sluice: await sluiceRun(), hand });
    }
  }
  const med = (pick: (p: { sluice: Sample; hand: Sample }) => number) => median(pairs.map(pick));
  return {
    sluice: { rate: med((p) => p.sluice.rate), cpuPerPage: med((p) => p.sluice.cpuPerPage) },
    hand: { rate: med((p) => p.hand.rate), cpuPerPage: med((p) => p.hand.cpuPerPage) },
    ratio: med((p) => p.sluice.rate / p.hand.rate),
    cpuRatio: med((p) => p.hand.cpuPerPage / p.sluice.cpuPerPage),
  };
}

function rows(prefix: string, result: Comparison): Metric[] {
  return [
    { name: `${prefix}.sluice`, value: Math.round(result.sluice.rate), unit: "records/s" },
    { name: `${prefix}.handwritten`, value: Math.round(result.hand.rate), unit: "records/s" },
    { name: `${prefix}.ratio`, value: significant(result.ratio), unit: "x (goal >= 0.95)" },
    { name: `${prefix}.sluice_cpu`, value: Math.round(result.sluice.cpuPerPage), unit: "us CPU/page" },
    { name: `${prefix}.handwritten_cpu`, value: Math.round(result.hand.cpuPerPage), unit: "us CPU/page" },
    { name: `${prefix}.cpu_ratio`, value: significant(result.cpuRatio), unit: "x (hand CPU / Sluice CPU)" },
  ];
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const library = await builtLibrary();
  const fetch = library.createNodeFetchTransport({ maxSockets: 8 });
  const server = await startPageServerProcess({ total: RECORDS });
  try {
    for (const { style, label } of STRATEGIES) {
      process.stderr.write(`  ${label}\n`);
      metrics.push(...rows(`read.${style}`, await compare(server, style, library, fetch)));
    }
    process.stderr.write("  OffsetIncrement, one record per for-await step\n");
    metrics.push(...rows("read.offset.per_record", await compare(server, "offset", library, fetch, { mode: "records" })));
    // The same loop on the library's own transport (node-fetch as bundled, lighter per response than as
    // installed): what is left is the engine's own work per page.
    process.stderr.write("  OffsetIncrement, the hand-written loop on Sluice's own transport\n");
    metrics.push(...rows("read.offset.same_transport", await compare(server, "offset", library, fetch, { hand: sluiceTransport(library.createNodeFetchTransport({ maxSockets: 8 })) })));
  } finally {
    await server.close();
  }
  const local = await startPageServer({ total: RECORDS });
  try {
    const result = await compare(local, "offset", library, fetch, { rounds: 1 });
    metrics.push(...rows("read.offset.server_in_process", result));
  } finally {
    await local.close();
  }
  return metrics;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
