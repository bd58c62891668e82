import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { after, before, describe, it } from "node:test";
import { zipSync } from "fflate";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

const routes: Record<string, Reply | (() => Reply)> = {};
let server: Loopback;
before(async () => {
  server = await startLoopback((req) => {
    const route = routes[req.url.pathname];
    return typeof route === "function" ? route() : route ?? { status: 404, body: { error: "no route" } };
  });
});
after(() => server.close());

/** Reads stream `items` from `path`, with `decoder` on the retriever and records at `fieldPath`. */
async function read(path: string, reply: Reply | (() => Reply), decoder: unknown, fieldPath: string[] = [], extra: Record<string, unknown> = {}) {
  routes[path] = reply;
  const manifest = oneStreamManifest({ urlBase: server.url, path, fieldPath });
  Object.assign((manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever, { decoder, ...extra });
  // A build error (an unknown decoder) rejects before the read starts.
  return readStream(manifest).catch((error: unknown) => ({ records: [], error }));
}

const JSONL = '{"id":1,"email":"a@example.com"}\n{"id":2,"email":"b@example.com"}\n\nnot json\n{"id":3}';

describe("JsonDecoder", () => {
  it("reads a top-level array item by item and an object at field_path, as without a decoder", async () => {
    assert.deepEqual((await read("/j1", { body: [{ id: 1 }, { id: 2 }] }, { type: "JsonDecoder" })).records, [{ id: 1 }, { id: 2 }]);
    assert.deepEqual((await read("/j2", { body: { data: [{ id: 3 }] } }, { type: "JsonDecoder" }, ["data"])).records, [{ id: 3 }]);
  });
  it("fails clearly on a body that is not JSON", async () => {
    const { error } = await read("/j3", { body: "<html>login</html>", headers: { "Content-Type": "text/html" } }, { type: "JsonDecoder" });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "HTTP_DECODE");
  });
});

describe("JsonlDecoder", () => {
  it("yields one record per line, skipping blank and invalid lines (Iterable's export API)", async () => {
    const { records, error } = await read("/export/data.json", { body: JSONL, headers: { "Content-Type": "application/x-ndjson" } }, { type: "JsonlDecoder" });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1, email: "a@example.com" }, { id: 2, email: "b@example.com" }, { id: 3 }]);
  });
  it("applies field_path to each line", async () => {
    const body = '{"event":{"id":1}}\n{"event":{"id":2}}\n';
    assert.deepEqual((await read("/jl2", { body }, { type: "JsonlDecoder" }, ["event"])).records, [{ id: 1 }, { id: 2 }]);
  });
});

describe("IterableDecoder", () => {
  it("wraps each line in { record } (Iterable's lists/getUsers)", async () => {
    const { records } = await read("/lists/getUsers", { body: "a@example.com\r\nb@example.com\nc@example.com\n", headers: { "Content-Type": "text/plain" } }, { type: "IterableDecoder" });
    assert.deepEqual(records, [{ record: "a@example.com" }, { record: "b@example.com" }, { record: "c@example.com" }]);
  });
});

describe("XmlDecoder", () => {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<Response api-method="List"><Status>OK</Status>
  <StaffList>
    <Staff id="1"><UUID>a1</UUID><Name>Ada &amp; Co</Name><Phone/></Staff>
    <Staff id="2"><UUID>b2</UUID><Name>Bob</Name><Phone>123</Phone></Staff>
  </StaffList>
</Response>`;
  it("turns elements into keys, attributes into @keys, repeated elements into lists (WorkflowMax)", async () => {
    const { records, error } = await read("/staff.api/list", { body: xml, headers: { "Content-Type": "application/xml" } }, { type: "XmlDecoder" }, ["Response", "StaffList", "Staff"]);
    assert.equal(error, undefined);
    assert.deepEqual(records, [
      { "@id": "1", UUID: "a1", Name: "Ada & Co", Phone: null },
      { "@id": "2", UUID: "b2", Name: "Bob", Phone: "123" },
    ]);
  });
  it("puts an element's text under #text when it has attributes", async () => {
    const { records } = await read("/x2", { body: '<root><location id="123">  San Francisco </location></root>' }, { type: "XmlDecoder" }, ["root"]);
    assert.deepEqual(records, [{ location: { "@id": "123", "#text": "San Francisco" } }]);
  });
  it("gives the paginator the decoded document", async () => {
    const pages = ["<r><next>p2</next><item><id>1</id></item><item><id>2</id></item></r>", "<r><next/><item><id>3</id></item></r>"];
    let page = 0;
    const reply = () => ({ body: pages[page++] ?? "<r/>", headers: { "Content-Type": "application/xml" } });
    const paginator = {
      type: "DefaultPaginator",
      pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.r.next }}", stop_condition: "{{ not response.r.next }}" },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
    };
    const { records, error } = await read("/x3", reply, { type: "XmlDecoder" }, ["r", "item"], { paginator });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ id: "1" }, { id: "2" }, { id: "3" }]);
    assert.deepEqual(server.requests.filter((r) => r.url.pathname === "/x3").map((r) => r.url.searchParams.get("cursor")), [null, "p2"]);
  });
  it("fails with DECODER_INVALID_BODY on malformed XML, naming stream and page", async () => {
    const { error } = await read("/x4", { body: "<a><b></a>" }, { type: "XmlDecoder" });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DECODER_INVALID_BODY");
    assert.equal(error.where.stream, "items");
    assert.equal(error.where.page, 1);
  });
});

const CSV = 'id,name,note\n1,Ada,"likes ""quotes"", and commas"\n2,Bob,"two\nlines"\n\n3,Cy\n';

describe("CompositeRawDecoder", () => {
  it("parses CSV with a header row, quoted values across lines, short rows padded with null", async () => {
    const { records, error } = await read("/c1", { body: CSV, headers: { "Content-Type": "text/csv" } }, { type: "CompositeRawDecoder", parser: { type: "CsvParser" } });
    assert.equal(error, undefined);
    assert.deepEqual(records, [
      { id: "1", name: "Ada", note: 'likes "quotes", and commas' },
      { id: "2", name: "Bob", note: "two\nlines" },
      { id: "3", name: "Cy", note: null },
    ]);
  });
  it("reads a tab delimiter written as an escape, a latin-1 encoding and set_values_to_none", async () => {
    const body = Buffer.from("sku\tcity\tprice\nA-1\tK\u00f6ln\tNULL\n", "latin1");
    const parser = { type: "CsvParser", delimiter: "\\t", encoding: "latin-1", set_values_to_none: ["NULL"] };
    const { records } = await read("/c2", { body, headers: { "Content-Type": "text/tab-separated-values" } }, { type: "CompositeRawDecoder", parser });
    assert.deepEqual(records, [{ sku: "A-1", city: "K\u00f6ln", price: null }]);
  });
  it("decompresses gzipped JSON lines with GzipParser, and passes plain bytes through", async () => {
    const decoder = { type: "CompositeRawDecoder", parser: { type: "GzipParser", inner_parser: { type: "JsonLineParser" } } };
    const gz = await read("/g1", { body: gzipSync(JSONL), headers: { "Content-Type": "application/gzip" } }, decoder);
    assert.deepEqual(gz.records, [{ id: 1, email: "a@example.com" }, { id: 2, email: "b@example.com" }, { id: 3 }]);
    const plain = await read("/g2", { body: JSONL }, decoder);
    assert.deepEqual(plain.records, gz.records);
  });
  it("reads a body the server sent with Content-Encoding: gzip (decompressed by the client)", async () => {
    const decoder = { type: "CompositeRawDecoder", parser: { type: "GzipParser", inner_parser: { type: "CsvParser" } } };
    const { records } = await read("/g3", { body: gzipSync("a,b\n1,2\n"), headers: { "Content-Encoding": "gzip", "Content-Type": "text/csv" } }, decoder);
    assert.deepEqual(records, [{ a: "1", b: "2" }]);
  });
  it("reads gzipped JSON with GzipParser around JsonParser", async () => {
    const decoder = { type: "CompositeRawDecoder", parser: { type: "GzipParser", inner_parser: { type: "JsonParser" } } };
    const { records } = await read("/g4", { body: gzipSync(JSON.stringify({ forecastByAsin: [{ asin: "B1" }, { asin: "B2" }] })) }, decoder, ["forecastByAsin"]);
    assert.deepEqual(records, [{ asin: "B1" }, { asin: "B2" }]);
  });
  it("reads the bytes of a binary body through the undici transport too", async () => {
    routes["/g6"] = { body: gzipSync(JSONL), headers: { "Content-Type": "application/gzip" } };
    const manifest = oneStreamManifest({ urlBase: server.url, path: "/g6", fieldPath: [] });
    (manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever.decoder = { type: "GzipDecoder", decoder: { type: "JsonlDecoder" } };
    const { records, error } = await readStream(manifest, { sluice: { http: { transport: "undici" } } });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ id: 1, email: "a@example.com" }, { id: 2, email: "b@example.com" }, { id: 3 }]);
  });
  it("fails with DECODER_INVALID_BODY on corrupt gzip", async () => {
    const bytes = gzipSync(JSONL);
    const corrupt = Buffer.concat([bytes.subarray(0, 12), Buffer.alloc(20, 0xff)]);
    const decoder = { type: "CompositeRawDecoder", parser: { type: "GzipParser", inner_parser: { type: "JsonLineParser" } } };
    const { error } = await read("/g5", { body: corrupt }, decoder);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DECODER_INVALID_BODY");
  });
});

describe("GzipDecoder and CsvDecoder (the kit's newer names)", () => {
  it("GzipDecoder around a CsvDecoder reads a gzipped CSV", async () => {
    const { records } = await read("/n1", { body: gzipSync("x;y\n1;2\n") }, { type: "GzipDecoder", decoder: { type: "CsvDecoder", delimiter: ";" } });
    assert.deepEqual(records, [{ x: "1", y: "2" }]);
  });
});

describe("ZipfileDecoder", () => {
  it("reads every file of a zip of gzipped JSON lines, in order (Amplitude's export)", async () => {
    const archive = zipSync({
      "123/": new Uint8Array(),
      "123/events_2024-01-01_0#0.json.gz": gzipSync('{"event_id":1}\n{"event_id":2}\n'),
      "123/events_2024-01-01_1#0.json.gz": gzipSync('{"event_id":3}\n'),
    });
    const decoder = { type: "ZipfileDecoder", parser: { type: "GzipParser", inner_parser: { type: "JsonLineParser" } } };
    const { records, error } = await read("/2/export", { body: archive, headers: { "Content-Type": "application/zip" } }, decoder);
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ event_id: 1 }, { event_id: 2 }, { event_id: 3 }]);
  });
  it("takes the kit's newer decoder field", async () => {
    const archive = zipSync({ "a.csv": Buffer.from("id\n1\n"), "b.csv": Buffer.from("id\n2\n") });
    const { records } = await read("/z2", { body: archive }, { type: "ZipfileDecoder", decoder: { type: "CsvDecoder" } });
    assert.deepEqual(records, [{ id: "1" }, { id: "2" }]);
  });
  it("fails with DECODER_INVALID_BODY when the body is not a zip archive", async () => {
    const { error } = await read("/z3", { body: "not a zip" }, { type: "ZipfileDecoder", parser: { type: "JsonLineParser" } });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DECODER_INVALID_BODY");
    assert.match(error.describe(), /found: +9 bytes that are not a zip archive/);
  });
});

describe("decoder validation", () => {
  it("an unknown decoder type fails before any request", async () => {
    const before = server.requests.length;
    const { error } = await read("/v1", { body: [] }, { type: "YamlDecoder" });
    assert.ok(error instanceof SluiceError, String(error));
    assert.match(error.message, /YamlDecoder/);
    assert.equal(server.requests.length, before);
  });
  it("a DefaultPaginator with a JSON Lines decoder is a build error, as in the kit", async () => {
    const paginator = { type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", page_size: 2 }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" } };
    const { error } = await read("/v2", { body: JSONL }, { type: "JsonlDecoder" }, [], { paginator });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DECODER_PAGINATION_UNSUPPORTED");
  });
  it("a DefaultPaginator over gzipped JSON is allowed, as in the kit, and pages through it", async () => {
    let page = 0;
    const reply = () => ({ body: gzipSync(JSON.stringify({ data: [{ id: ++page }], next: page < 2 ? `p${page + 1}` : null })), headers: { "Content-Type": "application/gzip" } });
    const paginator = {
      type: "DefaultPaginator",
      pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
    };
    const decoder = { type: "CompositeRawDecoder", stream_response: false, parser: { type: "GzipParser", inner_parser: { type: "JsonParser" } } };
    const { records, error } = await read("/v4", reply, decoder, ["data"], { paginator });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ id: 1 }, { id: 2 }]);
  });
  it("an unknown encoding is a build error naming the field", async () => {
    const { error } = await read("/v3", { body: "" }, { type: "CompositeRawDecoder", parser: { type: "CsvParser", encoding: "klingon" } });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DECODER_ENCODING_UNKNOWN");
    assert.match(error.where.manifestPath ?? "", /decoder\.parser\.encoding$/);
  });
});

describe("XmlDecoder charsets", () => {
  it("decodes the body in the charset of the XML declaration or the Content-Type header", async () => {
    const declared = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><r><city>K\u00f6ln</city></r>', "latin1");
    assert.deepEqual((await read("/cs1", { body: declared, headers: { "Content-Type": "application/xml" } }, { type: "XmlDecoder" }, ["r"])).records, [{ city: "K\u00f6ln" }]);
    const header = Buffer.from("<r><city>M\u00e1laga</city></r>", "latin1");
    assert.deepEqual((await read("/cs2", { body: header, headers: { "Content-Type": "text/xml; charset=iso-8859-1" } }, { type: "XmlDecoder" }, ["r"])).records, [{ city: "M\u00e1laga" }]);
    const utf8 = Buffer.from("<r><city>\u65e5\u672c</city></r>", "utf8");
    assert.deepEqual((await read("/cs3", { body: utf8 }, { type: "XmlDecoder" }, ["r"])).records, [{ city: "\u65e5\u672c" }]);
  });
});

describe("JsonItemsDecoder", () => {
  const forecast = { reportSpecification: { reportType: "GET_VENDOR_FORECASTING_REPORT" }, forecastByAsin: [{ asin: "B1", weeks: [1, 2] }, { asin: "B2", weeks: [] }] };
  it("yields the elements of the array at items_path, gzipped or not", async () => {
    assert.deepEqual((await read("/ji1", { body: forecast }, { type: "JsonItemsDecoder", items_path: "forecastByAsin" })).records, forecast.forecastByAsin);
    const gz = await read("/ji2", { body: gzipSync(JSON.stringify({ data: { users: [{ id: 1 }, { id: 2 }] } })) }, { type: "GzipDecoder", decoder: { type: "JsonItemsDecoder", items_path: "data.users" } });
    assert.deepEqual(gz.records, [{ id: 1 }, { id: 2 }]);
  });
  it("a truncated document fails with DECODER_INVALID_BODY after the elements read before; a JSONPath items_path is refused", async () => {
    const { records, error } = await read("/ji3", { body: '{"forecastByAsin": [{"asin": "B1"}, {"asin": "B' }, { type: "JsonItemsDecoder", items_path: "forecastByAsin" });
    assert.deepEqual(records, [{ asin: "B1" }]);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DECODER_INVALID_BODY");
    const refused = await read("/ji4", { body: forecast }, { type: "JsonItemsDecoder", items_path: "$.forecastByAsin[*]" });
    assert.equal((refused.error as SluiceError).code, "DECODER_ITEMS_PATH_INVALID");
  });
});
