import { isDeepStrictEqual } from "node:util";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { startLoopback } from "../support/loopback.js";
import { readStream } from "../support/read-stream.js";

const CONTENT_TYPES: Record<string, string> = { xml: "application/xml", csv: "text/csv", json: "application/json", jsonl: "application/jsonl" };

/**
 * Checks a page's claim that a decoder turns a body into documents: `body` (a block's text) is served by a
 * loopback server, read by a one-stream manifest with `decoder: { type: decoder }` and the whole document as
 * the record, and the records must equal `shown` (a JSON object: one record; an array: the records).
 * Returns what is wrong, or undefined.
 *
 * @example
 * await decodedMismatch("XmlDecoder", "<a>1</a>", "xml", '{ "a": "1" }') // undefined
 */
export async function decodedMismatch(decoder: string, body: string, bodyLang: string, shown: string): Promise<string | undefined> {
  const expected = JSON.parse(shown) as unknown;
  const api = await startLoopback(() => ({ headers: { "Content-Type": CONTENT_TYPES[bodyLang] ?? "text/plain" }, body }));
  try {
    const manifest = oneStreamManifest({ urlBase: api.url, fieldPath: [], retriever: { decoder: { type: decoder } } });
    const { records, error } = await readStream(manifest);
    if (error) return `reading the previous block with ${decoder} failed: ${(error as Error).message}`;
    const actual = Array.isArray(expected) ? records : records[0];
    if (records.length !== (Array.isArray(expected) ? expected.length : 1) || !isDeepStrictEqual(actual, expected)) {
      return `${decoder} made of the previous block:\n${JSON.stringify(Array.isArray(expected) ? records : records.length === 1 ? records[0] : records)}\nthe page shows:\n${JSON.stringify(expected)}`;
    }
    return undefined;
  } finally {
    await api.close();
  }
}
