import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError, chunksOf } from "../../../sdk/index.js";
import { CsvParser } from "../../../plugins/decoders/csv-parser.js";
import { JsonLineParser } from "../../../plugins/decoders/json-line-parser.js";
import { loadCsvParse } from "../../../plugins/decoders/decoder-packages.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

// The attacks of issue 22: one 16 MiB JSON line took 19-41 s, one 16 MiB CSV row 37-56 s, an unclosed
// CSV quote 35 s to fail, 200,000 CSV columns 37 s. Splitting is linear now, and each line, row, field
// and record has a limit with a coded error.
const csvParse = await loadCsvParse();
const MiB = 2 ** 20;
const routes: Record<string, Reply> = {};
let server: Loopback;
before(async () => {
  server = await startLoopback((req) => routes[req.url.pathname] ?? { status: 404, body: { error: "no route" } });
});
after(() => server.close());

async function timedRead(path: string, body: string, decoder: unknown) {
  routes[path] = { body, headers: { "Content-Type": "text/plain" } };
  const manifest = oneStreamManifest({ urlBase: server.url, path, fieldPath: [] });
  Object.assign((manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever, { decoder });
  const started = Date.now();
  const result = await readStream(manifest);
  return { ...result, ms: Date.now() - started };
}

/**
 * Linear means a body of one long line costs about what the same bytes in short lines cost: the bound
 * is relative to that baseline, read the same way just after, so a busy machine slows both alike (no
 * test here holds a read to a number of seconds).
 */
async function assertLinear(ms: number, baseline: () => Promise<{ ms: number; error?: unknown }>): Promise<void> {
  const base = await baseline();
  assert.equal(base.error, undefined);
  assert.ok(ms < 4 * base.ms + 3_000, `one long line took ${ms} ms; the same bytes in short lines ${base.ms} ms`);
}

function coded(error: unknown, code: string, pattern?: RegExp): true {
  assert.ok(error instanceof SluiceError, `expected a coded error, got ${String(error)}`);
  assert.equal(error.code, code, error.describe());
  if (pattern) assert.match(error.describe(), pattern);
  return true;
}

describe("long lines and rows are split in linear time", () => {
  it("one 16 MiB JSON line reads in seconds, not minutes", async () => {
    const body = `${JSON.stringify({ id: 1, blob: "x".repeat(16 * MiB) })}\n{"id":2}\n`;
    const { records, error, ms } = await timedRead("/jsonl-long", body, { type: "JsonlDecoder" });
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [1, 2]);
    await assertLinear(ms, () => timedRead("/jsonl-short", `${JSON.stringify({ id: 1, blob: "x".repeat(1000) })}\n`.repeat(16 * 1024), { type: "JsonlDecoder" }));
  });
  it("one 16 MiB CSV row reads in seconds", async () => {
    const body = `id,a,b\n1,${"y".repeat(8 * MiB)},"${"z".repeat(8 * MiB)}"\n2,p,q\n`;
    const { records, error, ms } = await timedRead("/csv-long", body, { type: "CsvDecoder" });
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), ["1", "2"]);
    assert.equal((records[0]!.b as string).length, 8 * MiB);
    await assertLinear(ms, () => timedRead("/csv-short", `id,a,b\n${`1,${"y".repeat(500)},"${"z".repeat(500)}"\n`.repeat(16 * 1024)}`, { type: "CsvDecoder" }));
  });
  it("an unclosed CSV quote over 20 MiB fails fast with a coded error", async () => {
    const body = `id,a\n1,"${"q".repeat(20 * MiB)}\n`;
    const { error, ms } = await timedRead("/csv-unclosed", body, { type: "CsvDecoder" });
    assert.ok(coded(error, "DECODER_INVALID_BODY", /Quote Not Closed|quote/i));
    await assertLinear(ms, () => timedRead("/csv-unclosed-short", `id,a\n${`1,"${"q".repeat(1000)}"\n`.repeat(20 * 1024)}`, { type: "CsvDecoder" }));
  });
  it("200,000 CSV columns in 4 MB are refused, naming the limit", async () => {
    const header = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(",");
    const { error, ms } = await timedRead("/csv-wide", `${header}\n${"v,".repeat(199_999)}v\n`, { type: "CsvDecoder" });
    assert.ok(coded(error, "DECODER_RECORD_TOO_LARGE", /10000 columns[\s\S]*200000 columns|200000 columns/));
    await assertLinear(ms, () => timedRead("/csv-narrow", `c0,c1,c2,c3\n${"v,v,v,v\n".repeat(100_000)}`, { type: "CsvDecoder" }));
  });
  it("IterableDecoder splits a 16 MiB line in linear time, keeping \\r, \\r\\n and \\n breaks", async () => {
    const { records, ms } = await timedRead("/lines-long", `${"l".repeat(16 * MiB)}\r\nb\rc\n\nd`, { type: "IterableDecoder" });
    assert.deepEqual(records.map((r) => (r.record as string).length > 100 ? "long" : r.record), ["long", "b", "c", "", "d"]);
    await assertLinear(ms, () => timedRead("/lines-short", `${"l".repeat(1000)}\n`.repeat(16 * 1024), { type: "IterableDecoder" }));
  });
});

describe("per line, row, field and column limits", () => {
  const chunked = (text: string) => chunksOf(Buffer.from(text), 1000);
  it("CSV rows end at \\n, \\r\\n or a lone \\r, however the chunks fall", () => {
    const text = 'a,b\r1,"x\ry"\r\n2,3\r4,5\n';
    for (const size of [1, 2, 3, 5, 100]) {
      assert.deepEqual([...new CsvParser(csvParse).parse(chunksOf(Buffer.from(text), size))], [{ a: "1", b: "x\ry" }, { a: "2", b: "3" }, { a: "4", b: "5" }], `chunks of ${size}`);
    }
  });
  it("a JSON line past its limit fails as soon as it passes it, naming the line", () => {
    const parser = new JsonLineParser({ maxLineChars: 5000 });
    assert.throws(() => [...parser.parse(chunked(`{"a":1}\n{"b":"${"x".repeat(6000)}"}\n`))], (error) => coded(error, "DECODER_RECORD_TOO_LARGE", /Line 2[\s\S]*5000 characters/));
    assert.deepEqual([...parser.parse(chunked(`{"a":1}\n{"b":"${"x".repeat(4000)}"}\n`))].length, 2);
  });
  it("a CSV row without an end within its limit (an unclosed quote) fails before the body ends", () => {
    let chunksRead = 0;
    function* body(): Generator<Uint8Array> {
      yield Buffer.from('id,a\n1,"');
      for (;;) {
        chunksRead++;
        yield Buffer.alloc(1000, 0x71);
      }
    }
    const parser = new CsvParser(csvParse, { limits: { rowChars: 50_000 } });
    assert.throws(() => [...parser.parse(body())], (error) => coded(error, "DECODER_RECORD_TOO_LARGE", /unclosed quote/));
    assert.ok(chunksRead <= 51, `read ${chunksRead} chunks`);
  });
  it("a CSV field past its limit and a record past its column limit are refused", () => {
    const fields = new CsvParser(csvParse, { limits: { fieldChars: 100 } });
    assert.throws(() => [...fields.parse(chunked(`id,a\n1,${"f".repeat(101)}\n`))], (error) => coded(error, "DECODER_RECORD_TOO_LARGE", /Column 2[\s\S]*100 characters per field/));
    const columns = new CsvParser(csvParse, { limits: { columns: 3 } });
    assert.throws(() => [...columns.parse(chunked("a,b,c\n1,2,3,4\n"))], (error) => coded(error, "DECODER_RECORD_TOO_LARGE", /3 columns/));
    assert.deepEqual([...columns.parse(chunked("a,b,c\n1,2,3\n"))], [{ a: "1", b: "2", c: "3" }]);
  });
});
