import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { zipSync } from "fflate";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

// The attacks of issue 22: small bodies that inflate to far more than --max-response-bytes. Each must
// stop with the coded size error once the decompressed bytes pass the limit, in every decoder path.
const routes: Record<string, Reply> = {};
let server: Loopback;
before(async () => {
  server = await startLoopback((req) => routes[req.url.pathname] ?? { status: 404, body: { error: "no route" } });
});
after(() => server.close());

const MiB = 2 ** 20;

/** `members` gzip members of 1 MiB of blank lines (16 KiB each) each, concatenated: ~1 KB compressed per MiB. */
function gzipBomb(members: number): Buffer {
  const one = gzipSync(Buffer.from(`${" ".repeat(16383)}\n`.repeat(64)), { level: 9 });
  return Buffer.concat(Array.from({ length: members }, () => one));
}

async function read(path: string, body: Buffer, decoder: unknown, maxResponseBytes?: number) {
  routes[path] = { body, headers: { "Content-Type": "application/octet-stream" } };
  const manifest = oneStreamManifest({ urlBase: server.url, path, fieldPath: [] });
  Object.assign((manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever, { decoder });
  return readStream(manifest, { sluice: maxResponseBytes ? { http: { maxResponseBytes } } : {} });
}

function tooLarge(error: unknown, limit: number, component: string, place?: RegExp): boolean {
  assert.ok(error instanceof SluiceError, `expected a coded error, got ${String(error)}`);
  assert.equal(error.code, "HTTP_RESPONSE_TOO_LARGE", error.describe());
  assert.match(error.describe(), new RegExp(`${limit} bytes`));
  assert.match(error.describe(), new RegExp(component));
  if (place) assert.match(error.describe(), place);
  return true;
}

const gzipJsonl = { type: "CompositeRawDecoder", parser: { type: "GzipParser", inner_parser: { type: "JsonLineParser" } } };

describe("decompressed bytes count against --max-response-bytes", () => {
  it("a 400 KB gzip body that inflates to 400 MiB stops at the default limit (100 MiB)", { timeout: 120_000 }, async () => {
    const body = gzipBomb(400);
    assert.ok(body.length < 500 * 1024, `${body.length} bytes compressed`);
    const { records, error } = await read("/bomb-default", body, gzipJsonl);
    assert.deepEqual(records, []);
    assert.ok(tooLarge(error, 100 * MiB, "GzipParser"));
  });
  it("GzipParser stops at a lower limit, and a body within it still reads", async () => {
    assert.ok(tooLarge((await read("/bomb-gzip", gzipBomb(8), gzipJsonl, 2 * MiB)).error, 2 * MiB, "GzipParser"));
    const fine = await read("/gzip-fine", gzipSync('{"id":1}\n{"id":2}\n'), gzipJsonl, 2 * MiB);
    assert.equal(fine.error, undefined);
    assert.deepEqual(fine.records, [{ id: 1 }, { id: 2 }]);
  });
  it("GzipDecoder (the kit's newer form) and nested GzipDecoders each count", async () => {
    assert.ok(tooLarge((await read("/bomb-gzipdecoder", gzipBomb(8), { type: "GzipDecoder", decoder: { type: "JsonlDecoder" } }, 2 * MiB)).error, 2 * MiB, "GzipParser"));
    const twice = gzipSync(gzipBomb(8));
    const nested = { type: "GzipDecoder", decoder: { type: "GzipDecoder", decoder: { type: "JsonlDecoder" } } };
    assert.ok(tooLarge((await read("/bomb-nested-gzip", twice, nested, 2 * MiB)).error, 2 * MiB, "GzipParser"));
  });
  it("ZipfileDecoder counts each file of the archive, naming the file that passed the limit", async () => {
    const archive = Buffer.from(zipSync({ "small.jsonl": Buffer.from('{"id":1}\n'), "zeros.jsonl": Buffer.alloc(8 * MiB, 0x0a) }, { level: 9 }));
    const { records, error } = await read("/bomb-zip", archive, { type: "ZipfileDecoder", parser: { type: "JsonLineParser" } }, 2 * MiB);
    assert.deepEqual(records, [{ id: 1 }]);
    assert.ok(tooLarge(error, 2 * MiB, "ZipfileDecoder", /zeros\.jsonl/));
  });
  it("ZipfileDecoder counts the files together: many files each under the limit still stop", async () => {
    const files = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`part-${i}.jsonl`, Buffer.alloc(MiB / 2, 0x0a)]));
    const { error } = await read("/bomb-zip-many", Buffer.from(zipSync(files, { level: 9 })), { type: "ZipfileDecoder", parser: { type: "JsonLineParser" } }, 2 * MiB);
    assert.ok(tooLarge(error, 2 * MiB, "ZipfileDecoder", /part-\d\.jsonl/));
  });
  it("a gzip bomb inside a zip (Amplitude's .json.gz files) stops in the nested GzipParser", async () => {
    const archive = Buffer.from(zipSync({ "events.json.gz": gzipBomb(8) }, { level: 0 }));
    const { error } = await read("/bomb-zip-gz", archive, { type: "ZipfileDecoder", parser: { type: "GzipParser", inner_parser: { type: "JsonLineParser" } } }, 2 * MiB);
    assert.ok(tooLarge(error, 2 * MiB, "GzipParser"));
  });
});
