import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { basePath, send } from "./builder-support.js";

const manifest = (url: string, loader: string) => `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [items] }
streams:
  - type: DeclarativeStream
    name: items
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester: { type: HttpRequester, url_base: "${url}", path: /items, http_method: GET }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
${loader}`;

describe("the Builder's test panel API", () => {
  let api: Loopback;
  let dir: string;
  let builder: RunningBuilder;
  let base: string;
  let aborted: Promise<void>;
  let holding = false;
  const post = (path: string, body: unknown, method = "POST") => send(builder.port, method, `${base}${path}`, { body });

  before(async () => {
    api = await startLoopback();
    api.route("/items", (_req, res) => json(res, 200, { data: [{ id: 1, name: "a" }, { id: 2, name: "b", extra: true }] }));
    api.route("/slow", (_req, res) => {
      holding = true;
      aborted = new Promise((resolve) => res.on("close", () => resolve()));
    });
    dir = mkdtempSync(join(tmpdir(), "sluice-test-panel-"));
    writeFileSync(join(dir, "manifest.yaml"), manifest(api.url, ""));
    builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    base = basePath(builder.url);
  });
  after(async () => {
    await builder.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a page that drops its test read request aborts the read's request in flight", async () => {
    const text = manifest(api.url, "").replace("path: /items", "path: /slow");
    const body = JSON.stringify({ text, stream: "items" });
    const req = request({ host: "127.0.0.1", port: builder.port, method: "POST", path: `${base}api/test`, headers: { "content-type": "application/json", host: `127.0.0.1:${builder.port}` } });
    req.on("error", () => {});
    req.end(body);
    const start = Date.now();
    while (!holding) {
      assert.ok(Date.now() - start < 10_000, "the API never got the request");
      await new Promise((r) => setTimeout(r, 20));
    }
    req.destroy();
    await aborted; // the API's request closes: its client aborted it
  });

  it("detects the schema of the records, flags what the declaration lacks, and targets a new inline schema_loader", async () => {
    const text = manifest(api.url, "    schema_loader: { type: InlineSchemaLoader, schema: { type: object, properties: { id: { type: string } } } }\n");
    const records = [{ id: 1, name: "a" }, { id: 2, name: "b", extra: true }];
    const answer = await post("api/detect-schema", { text, stream: "items", records });
    assert.equal(answer.status, 200, answer.body);
    const view = answer.json<{ inferred: { properties: Record<string, unknown> }; differences: Array<{ path: string; kind: string }>; target: { kind: string; segments: unknown[]; wrap: boolean } }>();
    assert.deepEqual(view.inferred.properties, { id: { type: ["number", "null"] }, name: { type: ["string", "null"] }, extra: { type: ["boolean", "null"] } });
    assert.deepEqual(view.differences.map((d) => `${d.kind} ${d.path}`), ["type id", "missing name", "missing extra"]);
    assert.deepEqual(view.target, { kind: "inline", segments: ["streams", 0, "schema_loader", "schema"], sourcePath: "streams[0].schema_loader.schema", wrap: false });
    const none = (await post("api/detect-schema", { text: manifest(api.url, ""), stream: "items", records })).json<{ target: unknown }>();
    assert.deepEqual(none.target, { kind: "inline", segments: ["streams", 0, "schema_loader"], sourcePath: "streams[0].schema_loader", wrap: true });
  });

  it("writes an accepted schema into the file the stream's JsonFileSchemaLoader reads, and nowhere the manifest does not name", async () => {
    const text = manifest(api.url, "    schema_loader: { type: JsonFileSchemaLoader }\n");
    const schema = { $schema: "http://json-schema.org/schema#", type: "object", properties: { id: { type: ["number", "null"] } } };
    const view = (await post("api/detect-schema", { text, stream: "items", records: [{ id: 1 }] })).json<{ target: unknown }>();
    assert.deepEqual(view.target, { kind: "file", file: "schemas/items.json" });
    const written = await post("api/schema-file", { text, stream: "items", schema }, "PUT");
    assert.equal(written.status, 200, written.body);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "schemas/items.json"), "utf8")), schema);
    for (const filePath of ["../outside.json", "secrets/config.json", "manifest.yaml"]) {
      const refused = await post("api/schema-file", { text: text.replace("JsonFileSchemaLoader }", `JsonFileSchemaLoader, file_path: "${filePath}" }`), stream: "items", schema }, "PUT");
      assert.equal(refused.status, 400, `${filePath}: ${refused.body}`);
    }
    assert.ok(!existsSync(join(dir, "..", "outside.json")));
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), manifest(api.url, ""));
    const inline = await post("api/schema-file", { text: manifest(api.url, ""), stream: "items", schema }, "PUT");
    assert.equal(inline.status, 400);
  });

  it("a test read that fails at a manifest field says which field and where it is written", async () => {
    const text = manifest(api.url, "").replace("path: /items", `path: "/items/{{ config['x'] | nosuch }}"`);
    const answer = await post("api/test", { text, stream: "items" });
    assert.equal(answer.status, 200, answer.body);
    const [stream] = answer.json<{ streams: Array<{ error: string; error_path: string; error_origin: { line: number; segments: unknown[] } }> }>().streams;
    assert.match(stream!.error, /TEMPLATE_SYNTAX/);
    assert.equal(stream!.error_path, "streams[0].retriever.requester.path");
    assert.equal(stream!.error_origin.line, 10);
    assert.deepEqual(stream!.error_origin.segments, ["streams", 0, "retriever", "requester", "path"]);
  });

  it("keeps the read's log messages beside its pages, and a retried attempt as an auxiliary request", async () => {
    let calls = 0;
    api.route("/flaky", (_req, res) => {
      if (calls++ === 0) {
        res.writeHead(503, { "content-type": "application/json", "retry-after": "0.05" });
        res.end("{}");
        return;
      }
      json(res, 200, { data: [{ id: 1 }] });
    });
    const text = manifest(api.url, "").replace("path: /items", "path: /flaky");
    const document = (await post("api/test", { text, stream: "items" })).json<{ logs: Array<{ level: string; message: string }>; streams: Array<{ slices: Array<{ pages: Array<{ auxiliary_requests: Array<{ purpose: string; response: { status: number } }> }> }> }> }>();
    assert.ok(document.logs.some((l) => l.level === "warn" && /^retrying in \d+ ms/.test(l.message)), JSON.stringify(document.logs));
    const [aux] = document.streams[0]!.slices[0]!.pages[0]!.auxiliary_requests;
    assert.equal(aux!.purpose, "retried attempt");
    assert.equal(aux!.response.status, 503);
  });

  it("reads 5 pages by default and the number of pages the page asks for", async () => {
    let page = 0;
    api.route("/pages", (_req, res) => json(res, 200, { data: [{ id: ++page }], next: page }));
    const text = manifest(api.url, "").replace("path: /items", "path: /pages").replace("      record_selector", `      paginator: { type: DefaultPaginator, pagination_strategy: { type: CursorPagination, cursor_value: "{{ response.next }}" }, page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: after } }\n      record_selector`);
    const pagesOf = async (body: Record<string, unknown>) => (await post("api/test", { text, stream: "items", ...body })).json<{ streams: Array<{ slices: Array<{ pages: unknown[] }> }> }>().streams[0]!.slices[0]!.pages.length;
    assert.equal(await pagesOf({}), 5);
    assert.equal(await pagesOf({ pages: 2 }), 2);
  });
});
