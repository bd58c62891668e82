/**
 * `sluice mcp` driven by the official MCP SDK's own client over stdio: every tool against the demo API,
 * the refusals, and no credential in any answer.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { startDemoApi, type DemoApi } from "../../../examples/demo-api/server.js";
import { DEMO_API_KEY } from "../../../examples/demo-api/routes/basic.js";

const MAIN = join(import.meta.dirname, "..", "..", "..", "core", "cli", "main.ts");

const manifest = (extra = "") => `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [users] }
spec:
  type: Spec
  connection_specification:
    type: object
    required: [api_key, base_url]
    properties:
      api_key: { type: string, airbyte_secret: true }
      base_url: { type: string }
streams:
  - type: DeclarativeStream
    name: users
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: "{{ config['base_url'] }}"
        path: /v1/users
        authenticator: { type: ApiKeyAuthenticator, api_token: "{{ config['api_key'] }}", inject_into: { type: RequestOption, inject_into: header, field_name: X-Api-Key } }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
      paginator:
        type: DefaultPaginator
        pagination_strategy: { type: OffsetIncrement, page_size: 25 }
        page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: limit }
        page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: offset }
    schema_loader: { type: InlineSchemaLoader, schema: { type: object } }
${extra}`;

describe("sluice mcp over stdio, driven by the MCP SDK's client", () => {
  let api: DemoApi;
  let dir: string;
  let client: Client;
  const answers: string[] = [];

  async function call(name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; text: string; json: any }> {
    const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text: string }> };
    const text = result.content.map((c) => c.text).join("");
    answers.push(text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { isError: result.isError === true, text, json };
  }

  before(async () => {
    api = await startDemoApi();
    dir = mkdtempSync(join(tmpdir(), "sluice-mcp-"));
    client = new Client({ name: "sluice-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ["--import", "tsx", MAIN, "mcp", dir], stderr: "pipe" }));
  });
  after(async () => {
    await client.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists every tool with a description and an input schema", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ["describe_component", "detect_schema", "get_manifest", "import_openapi", "list_streams", "probe_endpoint", "read_docs", "set_testing_values", "test_read_stream", "validate_manifest", "write_manifest"]);
    for (const tool of tools) {
      assert.ok((tool.description ?? "").length > 60, `${tool.name} has a description an agent can act on`);
      assert.equal(tool.inputSchema.type, "object");
    }
  });

  it("scaffolds an empty folder, and get_manifest returns its text and hash", async () => {
    const { json } = await call("get_manifest");
    assert.equal(json.file, "manifest.yaml");
    assert.match(json.text, /streams:/);
    assert.match(json.hash, /^[0-9a-f]{64}$/);
  });

  it("builds a connector for the demo API: testing values, manifest, validation, test read, probe, schema", async () => {
    const set = await call("set_testing_values", { values: { api_key: DEMO_API_KEY, base_url: api.url }, replace: true });
    assert.equal(set.isError, false, set.text);
    assert.deepEqual(set.json.saved_keys, ["api_key", "base_url"]);
    assert.equal(JSON.parse(readFileSync(join(dir, "secrets", "config.json"), "utf8")).api_key, DEMO_API_KEY);

    const written = await call("write_manifest", { text: manifest() });
    assert.equal(written.isError, false, written.text);
    assert.equal(written.json.valid, true, JSON.stringify(written.json.findings));
    assert.deepEqual(written.json.streams, ["users"]);

    const listed = await call("list_streams");
    assert.deepEqual(listed.json.streams[0], { name: "users", path: "/v1/users", primary_key: "id", record_path: ["data"], pagination: "OffsetIncrement", incremental: null });

    const read = await call("test_read_stream", { stream: "users", pages: 2 });
    assert.equal(read.isError, false, read.text);
    const [stream] = read.json.streams;
    assert.equal(stream.error, undefined, stream.error);
    assert.equal(stream.slices[0].pages.length, 2);
    assert.equal(stream.slices[0].pages[0].request.headers["X-Api-Key"], "****");

    const probe = await call("probe_endpoint", { url: `${api.url}/v1/users?limit=10` });
    assert.equal(probe.isError, false, probe.text);
    assert.ok(probe.json.changes.some((c: { field: string; path: string }) => c.field === "record path" && c.path === "retriever.record_selector.extractor.field_path"), probe.text);
    // The stream's parts with the detection applied, the probe's query kept: what to write into the manifest.
    assert.deepEqual(probe.json.stream.retriever.record_selector.extractor.field_path, ["data"]);
    assert.equal(probe.json.stream.retriever.paginator.pagination_strategy.type, "OffsetIncrement");
    assert.deepEqual(probe.json.stream.retriever.requester.request_parameters, { limit: "10" });

    const schema = await call("detect_schema", { stream: "users" });
    assert.equal(schema.isError, false, schema.text);
    assert.ok(schema.json.records > 0);
    assert.equal(JSON.stringify(schema.json).includes('"id"'), true);
  });

  it("validates a text without saving it, with line, path and a did-you-mean", async () => {
    const { json } = await call("validate_manifest", { text: manifest().replace("primary_key: id", "primary_key: id\n    primery_key: id") });
    const finding = json.findings.find((f: { message: string }) => /primery_key/.test(f.message));
    assert.ok(finding, JSON.stringify(json.findings));
    assert.equal(typeof finding.line, "number");
    assert.match(finding.message, /primary_key/);
    assert.doesNotMatch((await call("get_manifest")).json.text, /primery_key/);
  });

  it("refuses: a text that does not parse, a literal credential, a foreign origin, a bad input, an unknown tool", async () => {
    const before = (await call("get_manifest")).json.hash;
    const broken = await call("write_manifest", { text: "streams: [\n  - {" });
    assert.equal(broken.isError, true);
    assert.equal((await call("get_manifest")).json.hash, before, "a text that does not parse is not saved");

    const literal = await call("write_manifest", { text: manifest().replace("{{ config['api_key'] }}", DEMO_API_KEY) });
    assert.equal(literal.isError, true);
    assert.match(literal.text, /BUILDER_TESTING_VALUE_IN_MANIFEST/);

    const foreign = await call("probe_endpoint", { url: "http://127.0.0.2:9/steal" });
    assert.equal(foreign.isError, true);
    assert.match(foreign.text, /MCP_PROBE_FOREIGN_ORIGIN/);

    const bad = await call("test_read_stream", { stream: "users", pages: 1000 });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /MCP_TOOL_INPUT_INVALID/);

    const unknown = await client.callTool({ name: "drop_database", arguments: {} });
    assert.equal(unknown.isError, true);
  });

  it("import_openapi refuses to replace the streams written so far unless asked, and says why", async () => {
    const before = (await call("get_manifest")).json.hash;
    const document = readFileSync(join(import.meta.dirname, "../init/openapi/tracker-openapi-3.0.yaml"), "utf8");
    const refused = await call("import_openapi", { text: document });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /BUILDER_IMPORT_REPLACES_STREAMS/);
    assert.equal((await call("get_manifest")).json.hash, before);
  });

  it("describes a component and reads the docs", async () => {
    const offset = await call("describe_component", { type: "OffsetIncrement" });
    assert.ok(offset.json.fields.some((f: { name: string }) => f.name === "page_size"));
    assert.equal(offset.json.example.type, "OffsetIncrement");
    const typo = await call("describe_component", { type: "OffsetIncremnt" });
    assert.equal(typo.isError, true);
    assert.match(typo.text, /did you mean 'OffsetIncrement'/);
    const topics = await call("read_docs");
    assert.ok("pagination" in topics.json.topics);
    const page = await call("read_docs", { topic: "pagination" });
    assert.match(page.json.text, /OffsetIncrement/);
  });

  it("never answers with a credential", () => {
    assert.ok(answers.length > 10);
    for (const text of answers) assert.equal(text.includes(DEMO_API_KEY), false, `a credential in: ${text.slice(0, 200)}`);
  });
});
