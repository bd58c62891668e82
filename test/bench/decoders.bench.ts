/**
 * Decoders (issue 13): throughput of the streaming decoders, and the memory a 200,000-line gzipped
 * JSON Lines export (about 24 MB decompressed) takes while it is decoded. Streaming means the peak
 * stays near one chunk plus the compressed body, whatever the decompressed size; the reference is the
 * whole-body way (gunzip everything, split the text), which holds the decompressed bytes and text.
 * Memory is the live memory (`heapUsed + arrayBuffers` right after a `gc()`) sampled every 20,000
 * documents, over a baseline taken with the compressed body already in memory; documents are not kept.
 * Throughput is measured in a separate pass without the sampling.
 *
 * @example
 * npm run bench -- decoders
 */
import { gunzipSync, gzipSync } from "node:zlib";
import { chunksOf } from "../../sdk/index.js";
import { CsvParser } from "../../plugins/decoders/csv-parser.js";
import { GzipParser } from "../../plugins/decoders/gzip-parser.js";
import { JsonLineParser } from "../../plugins/decoders/json-line-parser.js";
import { loadCsvParse, loadFflate } from "../../plugins/decoders/decoder-packages.js";
import type { Metric } from "./support/measure.js";

const LINES = Number(process.env.DECODER_BENCH_LINES ?? 200_000);

function jsonl(): string {
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) lines.push(JSON.stringify({ id: i, email: `user${i}@example.com`, event: "email_open", created_at: "2024-01-01T00:00:00Z", campaign: i % 97 }));
  return lines.join("\n");
}

function csv(): string {
  const rows = ["id,email,event,created_at,campaign"];
  for (let i = 0; i < LINES; i++) rows.push(`${i},user${i}@example.com,"email, open",2024-01-01T00:00:00Z,${i % 97}`);
  return rows.join("\n");
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const used = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** Documents per second (best of three passes) and the peak live memory over the baseline while `documents` is iterated. */
function measure(documents: () => Iterable<unknown>): { perSecond: number; peakMb: number; count: number } {
  let best = 0;
  let count = 0;
  for (let pass = 0; pass < 3; pass++) {
    count = 0;
    const start = performance.now();
    for (const _ of documents()) count++;
    best = Math.max(best, count / ((performance.now() - start) / 1000));
  }
  gc();
  const baseline = used();
  let peak = 0;
  let sampled = 0;
  for (const _ of documents()) {
    if (++sampled % 20_000 === 0) {
      gc();
      peak = Math.max(peak, used() - baseline);
    }
  }
  if (sampled !== count) throw new Error(`the measured pass decoded ${sampled} documents, the timed one ${count}`);
  return { perSecond: Math.round(best), peakMb: Math.round((peak / 2 ** 20) * 10) / 10, count };
}

/** The whole-body reference: gunzip everything, then parse line by line (the documents themselves are not kept). */
function* wholeBody(gz: Uint8Array): Generator<unknown> {
  const text = gunzipSync(gz).toString("utf8");
  for (const line of text.split("\n")) yield JSON.parse(line);
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const [csvParse, fflate] = await Promise.all([loadCsvParse(), loadFflate()]);
  const gzJsonl = gzipSync(jsonl());
  const gzCsv = gzipSync(csv());
  const streamed = measure(() => new GzipParser(new JsonLineParser(), fflate).parse(chunksOf(gzJsonl)));
  const whole = measure(() => wholeBody(gzJsonl));
  const csvStreamed = measure(() => new GzipParser(new CsvParser(csvParse), fflate).parse(chunksOf(gzCsv)));
  for (const result of [streamed, whole, csvStreamed]) if (result.count !== LINES) throw new Error(`decoded ${result.count} documents, expected ${LINES}`);
  return [
    { name: "decoders.gzip_jsonl.throughput", value: streamed.perSecond, unit: "docs/s" },
    { name: "decoders.gzip_jsonl.peak_memory", value: streamed.peakMb, unit: `MB over baseline (${Math.round(gzJsonl.length / 2 ** 20)} MB gzipped body)` },
    { name: "decoders.gzip_jsonl.peak_memory_whole_body_reference", value: whole.peakMb, unit: "MB over baseline (gunzip all, split)" },
    { name: "decoders.gzip_csv.throughput", value: csvStreamed.perSecond, unit: "rows/s" },
    { name: "decoders.gzip_csv.peak_memory", value: csvStreamed.peakMb, unit: "MB over baseline" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
