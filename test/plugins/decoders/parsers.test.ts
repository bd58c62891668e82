import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { describe, it } from "node:test";
import { Zip, ZipDeflate, zipSync } from "fflate";
import { SluiceError, chunksOf } from "../../../sdk/index.js";
import { zipEntries } from "../../../plugins/decoders/unzip-entries.js";
import { CsvParser } from "../../../plugins/decoders/csv-parser.js";
import { GzipParser } from "../../../plugins/decoders/gzip-parser.js";
import { JsonItemsParser } from "../../../plugins/decoders/json-items-parser.js";
import { JsonLineParser } from "../../../plugins/decoders/json-line-parser.js";
import { loadCsvParse, loadFflate, loadStreamParser } from "../../../plugins/decoders/decoder-packages.js";

const csvParse = await loadCsvParse();
const fflate = await loadFflate();
const streamParser = await loadStreamParser();

/** Every chunk size from 1 to 9 bytes: a line, a quoted value or a UTF-8 character cut anywhere. */
function everySplit(bytes: Uint8Array, parse: (chunks: Iterable<Uint8Array>) => Iterable<unknown>): unknown[][] {
  const results: unknown[][] = [];
  for (let size = 1; size <= 9; size++) results.push([...parse(chunksOf(bytes, size))]);
  return results;
}

describe("parsers read a body cut into chunks anywhere", () => {
  it("CsvParser: quoted values with line breaks, doubled quotes and multi-byte characters", () => {
    const csv = Buffer.from('id,note\n1,"K\u00f6ln ""Dom""\nzweite Zeile"\n2,\u65e5\u672c\n3,"a,b"\n');
    const expected = [{ id: "1", note: 'K\u00f6ln "Dom"\nzweite Zeile' }, { id: "2", note: "\u65e5\u672c" }, { id: "3", note: "a,b" }];
    for (const records of everySplit(csv, (c) => new CsvParser(csvParse).parse(c))) assert.deepEqual(records, expected);
  });
  it("CsvParser: a stray quote inside an unquoted value still parses (the rest of the file in one piece)", () => {
    const csv = Buffer.from('size,label\n5" screen,"x\ny"\n6,z\n');
    for (const records of everySplit(csv, (c) => new CsvParser(csvParse).parse(c))) {
      assert.deepEqual(records, [{ size: '5" screen', label: "x\ny" }, { size: "6", label: "z" }]);
    }
  });
  it("JsonLineParser: lines and UTF-8 characters split across chunks", () => {
    const jsonl = Buffer.from('{"name":"\u00e9l\u00e8ve"}\r\n{"name":"\u65e5\u672c"}\n');
    for (const records of everySplit(jsonl, (c) => new JsonLineParser().parse(c))) assert.deepEqual(records, [{ name: "\u00e9l\u00e8ve" }, { name: "\u65e5\u672c" }]);
  });
  it("JsonItemsParser: an array inside a document, with strings and UTF-8 characters split across chunks", () => {
    const json = Buffer.from('{"meta":{"items":[0]},"data":{"users":[{"name":"\u00e9l\u00e8ve","tags":["a,]"]},{"name":"\u65e5\u672c"}]}}');
    for (const records of everySplit(json, (c) => new JsonItemsParser(streamParser, "data.users").parse(c))) assert.deepEqual(records, [{ name: "\u00e9l\u00e8ve", tags: ["a,]"] }, { name: "\u65e5\u672c" }]);
  });
  it("GzipParser: compressed input cut anywhere, and two concatenated gzip members", () => {
    const gz = Buffer.concat([gzipSync('{"a":1}\n'), gzipSync('{"a":2}\n')]);
    for (const records of everySplit(gz, (c) => new GzipParser(new JsonLineParser(), fflate).parse(c))) assert.deepEqual(records, [{ a: 1 }, { a: 2 }]);
  });
});

describe("streaming", () => {
  it("GzipParser hands out the first documents before it has read the whole input", () => {
    const lines = Array.from({ length: 20000 }, (_, i) => JSON.stringify({ id: i, pad: "x".repeat(40) })).join("\n");
    const gz = gzipSync(lines);
    let chunksRead = 0;
    function* counted(): Generator<Uint8Array> {
      for (const chunk of chunksOf(gz, 4096)) {
        chunksRead++;
        yield chunk;
      }
    }
    const documents = new GzipParser(new JsonLineParser(), fflate).parse(counted())[Symbol.iterator]();
    assert.deepEqual(documents.next().value, { id: 0, pad: "x".repeat(40) });
    const total = Math.ceil(gz.length / 4096);
    assert.ok(chunksRead < total, `read ${chunksRead} of ${total} chunks for the first document`);
  });
  it("JsonItemsParser hands out the first element before it has read the whole document", () => {
    const json = Buffer.from(JSON.stringify({ data: Array.from({ length: 20000 }, (_, i) => ({ id: i })) }));
    let chunksRead = 0;
    function* counted(): Generator<Uint8Array> {
      for (const chunk of chunksOf(json, 4096)) {
        chunksRead++;
        yield chunk;
      }
    }
    const items = new JsonItemsParser(streamParser, "data").parse(counted())[Symbol.iterator]();
    assert.deepEqual(items.next().value, { id: 0 });
    assert.equal(chunksRead, 1);
  });
  it("CsvParser hands out the first rows before it has read the whole input", () => {
    const csv = Buffer.from("id,v\n" + Array.from({ length: 20000 }, (_, i) => `${i},value ${i}`).join("\n"));
    let chunksRead = 0;
    function* counted(): Generator<Uint8Array> {
      for (const chunk of chunksOf(csv, 4096)) {
        chunksRead++;
        yield chunk;
      }
    }
    const rows = new CsvParser(csvParse).parse(counted())[Symbol.iterator]();
    assert.deepEqual(rows.next().value, { id: "0", v: "value 0" });
    assert.ok(chunksRead <= 2, `read ${chunksRead} chunks for the first row`);
  });
});

describe("archives", () => {
  it("zipEntries streams each file in order, with data descriptors, and folders skipped", () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((_error, data) => void parts.push(data));
    for (const [name, text] of [["a.jsonl", '{"a":1}\n{"a":2}\n'], ["dir/", ""], ["dir/b.jsonl", '{"b":3}\n']] as const) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(Buffer.from(text), true);
    }
    zip.end();
    const archive = Buffer.concat(parts);
    const read: unknown[] = [];
    for (const entry of zipEntries(archive, fflate)) read.push([entry.name, [...new JsonLineParser().parse(entry.content)]]);
    assert.deepEqual(read, [["a.jsonl", [{ a: 1 }, { a: 2 }]], ["dir/b.jsonl", [{ b: 3 }]]]);
  });
  it("a zip bomb reaches the parser in bounded pieces: 64 MB of zeros never arrive as one chunk", () => {
    const archive = zipSync({ "zeros.bin": new Uint8Array(64 * 2 ** 20) }, { level: 9 });
    let largest = 0;
    let total = 0;
    for (const entry of zipEntries(archive, fflate)) {
      for (const chunk of entry.content) {
        largest = Math.max(largest, chunk.length);
        total += chunk.length;
      }
    }
    assert.equal(total, 64 * 2 ** 20);
    assert.ok(largest <= 17 * 2 ** 20, `largest piece ${largest} bytes`);
  });
  it("a truncated archive is a clear error naming the file", () => {
    const archive = zipSync({ "events.jsonl": Buffer.from('{"id":1}\n'.repeat(1000)) }, { level: 0 });
    assert.throws(() => {
      for (const entry of zipEntries(archive.subarray(0, archive.length / 2), fflate)) for (const _ of entry.content) void _;
    }, (error: unknown) => error instanceof SluiceError && error.code === "DECODER_INVALID_BODY" && /events\.jsonl/.test(error.describe()));
  });
});
