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
 * The process first reads with both readers until they run at their steady speed; the cold rows
 * (`read.offset.first_read.*`) give each reader's first read in a fresh process instead.
 *
 * @example
 * npm run bench -- throughput
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Fetch } from "../../core/index.js";
import { builtLibrary, type Library } from "./support/built-library.js";
import { median, significant, type Metric } from "./support/measure.js";
import { startPageServer, type PageServer, type PageStyle } from "./support/page-server.js";
import { startPageServerProcess } from "./support/page-server-process.js";
import { PAGE_SIZE, STRATEGIES, benchConnector, nodeFetchTransport, readByHand, readWithSluice, sluiceTransport, type HandTransport, type ReadMode } from "./support/readers.js";

const RECORDS = 100_000;
const ROUNDS = 5;
/**
 * Reads of each reader before the first row. In a fresh process both readers' CPU time per read keeps
 * falling for several 100,000-record reads (measured: the hand-written loop's for about four, Sluice's for
 * about eight, from 0.9-1.1 s to 0.17-0.24 s): V8 optimizes a function called once a page only after
 * thousands of calls. Without this, the first row compared a half-optimized Sluice with a warm loop.
 */
const PROCESS_WARM_UP_READS = 8;
/** Pairs of first reads, each in a fresh process, for the cold rows. */
const COLD_PAIRS = 4;
const firstReadScript = fileURLToPath(new URL("./support/first-read.ts", import.meta.url));

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

/** Reads with each reader until both run at their steady speed (see {@link PROCESS_WARM_UP_READS}). */
async function warmUpProcess(server: PageServer, library: Library, fetch: Fetch): Promise<void> {
  const hand = nodeFetchTransport();
  for (let i = 0; i < PROCESS_WARM_UP_READS; i++) {
    await readWithSluice(await benchConnector(server.url, "offset", fetch, library));
    await readByHand(hand, server.url, "offset");
  }
}

/** The CPU time (ms) of one reader's first read of the offset stream in a fresh process (./support/first-read.ts). */
async function firstReadCpuMs(reader: "sluice" | "hand", url: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", firstReadScript, reader, url, "offset"]);
  const { records, cpuMs } = JSON.parse(stdout.trim()) as { records: number; cpuMs: number };
  if (records !== RECORDS) throw new Error(`the ${reader} first read read ${records} records, expected ${RECORDS}`);
  return cpuMs;
}

/**
 * The first read of each reader in a fresh process, in alternating pairs: what a one-shot read (`sluice read`
 * in a new container) pays before V8 has optimized its page path, against the hand-written loop's first read.
 */
async function coldRows(server: PageServer): Promise<Metric[]> {
  const pairs: Array<{ sluice: number; hand: number }> = [];
  for (let i = 0; i < COLD_PAIRS; i++) {
    const first = i % 2 === 0 ? "sluice" : "hand";
    const a = await firstReadCpuMs(first, server.url);
    const b = await firstReadCpuMs(first === "sluice" ? "hand" : "sluice", server.url);
    pairs.push(first === "sluice" ? { sluice: a, hand: b } : { sluice: b, hand: a });
  }
  return [
    { name: "read.offset.first_read.sluice_cpu", value: Math.round(median(pairs.map((p) => p.sluice))), unit: `ms CPU, a fresh process's first 100,000-record read (median of ${COLD_PAIRS})` },
    { name: "read.offset.first_read.handwritten_cpu", value: Math.round(median(pairs.map((p) => p.hand))), unit: "ms CPU, the same for the hand-written loop" },
    { name: "read.offset.first_read.cpu_ratio", value: significant(median(pairs.map((p) => p.hand / p.sluice))), unit: "x (hand CPU / Sluice CPU)" },
  ];
}

/** The metrics of one comparison; `goal` false for a row that only explains another (no goal applies to it). */
function rows(prefix: string, result: Comparison, goal = true): Metric[] {
  return [
    { name: `${prefix}.sluice`, value: Math.round(result.sluice.rate), unit: "records/s" },
    { name: `${prefix}.handwritten`, value: Math.round(result.hand.rate), unit: "records/s" },
    { name: `${prefix}.ratio`, value: significant(result.ratio), unit: goal ? "x (goal >= 0.95)" : "x (the engine's own share: no goal)" },
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
    process.stderr.write(`  warming up: ${PROCESS_WARM_UP_READS} reads of each reader\n`);
    await warmUpProcess(server, library, fetch);
    for (const { style, label } of STRATEGIES) {
      process.stderr.write(`  ${label}\n`);
      metrics.push(...rows(`read.${style}`, await compare(server, style, library, fetch)));
    }
    process.stderr.write("  OffsetIncrement, one record per for-await step\n");
    metrics.push(...rows("read.offset.per_record", await compare(server, "offset", library, fetch, { mode: "records" })));
    // The same loop on the library's own transport (node-fetch as bundled, lighter per response than as
    // installed): what is left is the engine's own work per page.
    process.stderr.write("  OffsetIncrement, the hand-written loop on Sluice's own transport\n");
    metrics.push(...rows("read.offset.same_transport", await compare(server, "offset", library, fetch, { hand: sluiceTransport(library.createNodeFetchTransport({ maxSockets: 8 })) }), false));
    process.stderr.write("  OffsetIncrement, each reader's first read in a fresh process\n");
    metrics.push(...(await coldRows(server)));
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
