import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "../../core/loader/temp-connector.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const COMPONENTS = `
import { gunzipSync } from "node:zlib";
import { Decoder, type HttpResponse } from "sluice/sdk";

/** A pipe-separated report, gzipped: the first line names the columns. */
export class GzipPipeDecoder extends Decoder {
  separator: string;
  constructor(options: Record<string, unknown>) { super(); this.separator = String(options.separator ?? "|"); }
  override readsBytes() { return true; }
  *decode(response: HttpResponse) {
    const [header, ...rows] = gunzipSync(response.bytes()).toString("utf8").trim().split("\\n");
    const columns = header!.split(this.separator);
    for (const row of rows) yield Object.fromEntries(row.split(this.separator).map((v, i) => [columns[i], v]));
  }
}
export class FailsHalfway extends Decoder {
  *decode() { yield { id: 1 }; throw new RangeError("row 2 is truncated"); }
}
export class ReturnsObject extends Decoder {
  decode() { return { id: 1 } as never; }
}
export class NoDecode extends Decoder {}
export class PythonPort {
  decode(response: HttpResponse) { return response.text().split(",").map((id) => ({ id })); }
  is_stream_response() { return false; }
}
export class NotADecoder { parse() { return []; } }
/** Streams: counts the documents it has parsed in globalThis.sluiceDecodedLines. */
export class CountingLines extends Decoder {
  override isStreamResponse() { return true; }
  *decode(response: HttpResponse) {
    const g = globalThis as { sluiceDecodedLines?: number };
    for (const line of response.text().split("\\n")) {
      g.sluiceDecodedLines = (g.sluiceDecodedLines ?? 0) + 1;
      yield { line };
    }
  }
}
`;

let folder: TempConnector;
let server: Loopback;
before(async () => {
  folder = await tempConnector({ "source_acme/components.ts": COMPONENTS });
  const LINES = Array.from({ length: 1000 }, (_, n) => `l${n}`).join("\n");
  const MANY = Array.from({ length: 2500 }, (_, n) => `m${n}`).join("\n");
  server = await startLoopback((req) => {
    if (req.url.pathname === "/lines") return { body: LINES };
    if (req.url.pathname === "/many") return { body: MANY };
    if (req.url.pathname === "/report") return { body: gzipSync("sku|qty\nA-1|3\nB-2|5\n"), headers: { "Content-Type": "application/octet-stream" } };
    return { body: "7,8" };
  });
});
after(async () => {
  await server.close();
  await folder.remove();
});

async function read(decoder: Record<string, unknown>, path = "/report") {
  const manifest = oneStreamManifest({ urlBase: server.url, path, fieldPath: [] });
  (manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever.decoder = decoder;
  const file = join(folder.dir, `manifest-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(manifest));
  const records: Record<string, unknown>[] = [];
  try {
    const connector = await createSluice({ logLevel: "error" }).connect({ path: file, config: {} });
    for await (const record of connector.read("items")) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records, error: undefined };
}

describe("CustomDecoder", () => {
  it("decodes with a class from the connector folder that extends Decoder, built with its fields", async () => {
    const { records, error } = await read({ type: "CustomDecoder", class_name: "source_acme.components.GzipPipeDecoder", separator: "|" });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ sku: "A-1", qty: "3" }, { sku: "B-2", qty: "5" }]);
  });
  it("a decoder failing halfway delivers the documents before and names the class", async () => {
    const { records, error } = await read({ type: "CustomDecoder", class_name: "source_acme.components.FailsHalfway" });
    assert.deepEqual(records, [{ id: 1 }]);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "CUSTOM_CODE_FAILED");
    assert.match(error.message, /FailsHalfway\.decode threw: row 2 is truncated/);
    assert.equal(error.where.stream, "items");
  });
  it("decode returning something that is not iterable is a clear error", async () => {
    const { error } = await read({ type: "CustomDecoder", class_name: "source_acme.components.ReturnsObject" });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "CUSTOM_DECODER_NOT_ITERABLE");
  });
  it("a Python-style port with decode works without extending Decoder", async () => {
    const { records } = await read({ type: "CustomDecoder", class_name: "source_acme.components.PythonPort" }, "/plain");
    assert.deepEqual(records, [{ id: "7" }, { id: "8" }]);
  });
  it("a class without decode is refused at build time", async () => {
    const incomplete = await read({ type: "CustomDecoder", class_name: "source_acme.components.NoDecode" });
    assert.equal((incomplete.error as SluiceError).code, "CUSTOM_CLASS_INCOMPLETE");
    const wrong = await read({ type: "CustomDecoder", class_name: "source_acme.components.NotADecoder" });
    assert.equal((wrong.error as SluiceError).code, "CUSTOM_CLASS_WRONG_BASE");
    assert.equal(server.requests.length > 0, true);
  });
  it("a streaming decoder's page is parsed a batch of 1000 records at a time as they are taken, not collected first", async () => {
    const manifest = oneStreamManifest({ urlBase: server.url, path: "/many", fieldPath: [] });
    (manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever.decoder = { type: "CustomDecoder", class_name: "source_acme.components.CountingLines" };
    const file = join(folder.dir, "manifest-streaming.json");
    await writeFile(file, JSON.stringify(manifest));
    const g = globalThis as { sluiceDecodedLines?: number };
    g.sluiceDecodedLines = 0;
    const connector = await createSluice({ logLevel: "error" }).connect({ path: file, config: {} });
    const records = connector.read("items")[Symbol.asyncIterator]();
    assert.deepEqual((await records.next()).value, { line: "m0" });
    assert.equal(g.sluiceDecodedLines, 1000, "the first batch of the 2,500-line page, not the page");
    let count = 1;
    while (!(await records.next()).done) count++;
    assert.equal(count, 2500);
    assert.equal(g.sluiceDecodedLines, 2500);
  });
  it("read a page at a time, a streaming decoder's page comes in batches of 1000 records, parsed as they are taken", async () => {
    const manifest = oneStreamManifest({ urlBase: server.url, path: "/many", fieldPath: [] });
    (manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever.decoder = { type: "CustomDecoder", class_name: "source_acme.components.CountingLines" };
    const file = join(folder.dir, "manifest-streaming-pages.json");
    await writeFile(file, JSON.stringify(manifest));
    const g = globalThis as { sluiceDecodedLines?: number };
    g.sluiceDecodedLines = 0;
    const connector = await createSluice({ logLevel: "error" }).connect({ path: file, config: {} });
    const sizes: number[] = [];
    const decodedAtBatch: number[] = [];
    for await (const page of connector.read("items").pages()) {
      sizes.push(page.length);
      decodedAtBatch.push(g.sluiceDecodedLines!);
    }
    assert.deepEqual(sizes, [1000, 1000, 500]);
    assert.deepEqual(decodedAtBatch, [1000, 2000, 2500]);
  });
  it("a decoder with class_name and no type is a CustomDecoder", async () => {
    const { records } = await read({ class_name: "source_acme.components.PythonPort" }, "/plain");
    assert.deepEqual(records, [{ id: "7" }, { id: "8" }]);
  });
});
