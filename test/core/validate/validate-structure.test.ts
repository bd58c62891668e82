import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { createSluice } from "../../../core/index.js";
import { validateConnector, type Finding } from "../../../core/validate/validate-connector.js";
import { runCli } from "../../support/run-cli.js";

function stream(name: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "DeclarativeStream",
    ...(name === undefined ? {} : { name }),
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: "https://api.example.com", path: "/items", ...extra },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
    },
    schema_loader: { type: "InlineSchemaLoader", schema: {} },
  };
}

describe("validate catches what the schema lets through", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "sluice-validate-structure-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function errors(manifest: Record<string, unknown>, name = "manifest.yaml"): Promise<Finding[]> {
    writeFileSync(join(dir, name), stringify({ version: "6.0.0", type: "DeclarativeSource", ...manifest }));
    const report = await validateConnector(createSluice(), { path: join(dir, name) });
    return report.findings.filter((f) => f.severity === "error");
  }

  it("check.stream_names naming no stream, with the nearest stream name", async () => {
    const found = await errors({ check: { type: "CheckStream", stream_names: ["user"] }, streams: [stream("users")] });
    assert.deepEqual(found.map((f) => [f.code, f.path, f.message]), [["STREAM_NOT_FOUND", "check.stream_names[0]", `names no stream: "user" (did you mean 'users'?)`]]);
    assert.ok(found[0]!.line! > 0, "placed at its line");
  });

  it("a stream without a name", async () => {
    const found = await errors({ check: { type: "CheckStream", stream_names: ["users"] }, streams: [stream("users"), stream(undefined)] });
    assert.deepEqual(found.map((f) => [f.code, f.path]), [["MANIFEST_INVALID", "streams[1]"]], "placed at the stream, since its name is not written");
    assert.match(found[0]!.message, /a stream has no name/);
  });

  it("a url_base without a scheme (what sluice init once accepted), but not a templated one", async () => {
    const found = await errors({ check: { type: "CheckStream", stream_names: ["a"] }, streams: [stream("a", { url_base: "127.0.0.1:4106" }), stream("b", { url_base: "{{ config['base_url'] }}" })] });
    assert.deepEqual(found.map((f) => [f.code, f.path, f.expected]), [["REQUEST_URL_INVALID", "streams[0].retriever.requester.url_base", "https://127.0.0.1:4106"]]);
  });

  it("a url_base under a key that is no identifier, at its written path; none inside an inline schema (a property named url_base)", async () => {
    const odd = stream("a", { url_base: "127.0.0.1:4106" });
    const withSchema = { ...stream("b"), schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", properties: { url_base: { type: "string" } }, url_base: "not-a-url" } } };
    const found = await errors({ check: { type: "CheckStream", stream_names: ["a"] }, definitions: {}, streams: [odd, withSchema], "x-extra": { "odd key": { url_base: "example.com" } } });
    assert.deepEqual(found.map((f) => [f.code, f.path]), [
      ["REQUEST_URL_INVALID", "streams[0].retriever.requester.url_base"],
      ["REQUEST_URL_INVALID", '["x-extra"]["odd key"].url_base'],
    ]);
  });

  it("a custom class_name whose file, or whose export, does not exist", async () => {
    const folder = join(dir, "source_custom");
    mkdirSync(join(folder), { recursive: true });
    writeFileSync(join(folder, "components.ts"), "export class Other {}\n");
    const paginated = (className: string) => ({
      ...stream("items"),
      retriever: { ...(stream("items").retriever as object), paginator: { type: "DefaultPaginator", pagination_strategy: { type: "CustomPaginationStrategy", class_name: className } } },
    });
    const missingFile = await errors({ check: { type: "CheckStream", stream_names: ["items"] }, streams: [paginated("source_custom.compnents.Pager")] }, "source_custom/manifest.yaml");
    assert.deepEqual(missingFile.map((f) => [f.code, f.path]), [["CUSTOM_CODE_NOT_FOUND", "streams[0].retriever.paginator.pagination_strategy.class_name"]]);
    const missingExport = await errors({ check: { type: "CheckStream", stream_names: ["items"] }, streams: [paginated("source_custom.components.Pager")] }, "source_custom/manifest.yaml");
    assert.deepEqual(missingExport.map((f) => [f.code, f.found]), [["CUSTOM_CLASS_NOT_EXPORTED", "exports: Other"]]);
  });

  it("a Python class_name missing from its components.py, found without running the module", async () => {
    const folder = join(dir, "source_py");
    mkdirSync(folder, { recursive: true });
    // Running this module would fail (no such package): validate reads it with ast only.
    writeFileSync(join(folder, "components.py"), "import not_installed_anywhere\n\n\nclass Pager:\n    pass\n\n\nclass Other:\n    pass\n");
    const paginated = (className: string) => ({
      ...stream("items"),
      retriever: { ...(stream("items").retriever as object), paginator: { type: "DefaultPaginator", pagination_strategy: { type: "CustomPaginationStrategy", class_name: className } } },
    });
    const present = await errors({ check: { type: "CheckStream", stream_names: ["items"] }, streams: [paginated("source_py.components.Pager")] }, "source_py/manifest.yaml");
    assert.deepEqual(present, []);
    const missing = await errors({ check: { type: "CheckStream", stream_names: ["items"] }, streams: [paginated("source_py.components.Paginator")] }, "source_py/manifest.yaml");
    assert.deepEqual(missing.map((f) => [f.code, f.path, f.found]), [["PYTHON_CLASS_NOT_FOUND", "streams[0].retriever.paginator.pagination_strategy.class_name", "classes: Pager, Other"]]);
  });

  it("no linked-authenticator warning where the shared requester had no authenticator to override", async () => {
    const auth = { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" };
    const base = { type: "HttpRequester", url_base: "https://api.example.com", path: "/items" };
    const withRequester = (requester: Record<string, unknown>) => ({ ...stream("items"), retriever: { ...(stream("items").retriever as object), requester } });
    const manifest = (shared: Record<string, unknown>) => ({
      definitions: { requester: shared },
      check: { type: "CheckStream", stream_names: ["items"] },
      streams: [withRequester({ $ref: "#/definitions/requester", authenticator: auth })],
    });
    writeFileSync(join(dir, "linked.yaml"), stringify({ version: "6.0.0", type: "DeclarativeSource", ...manifest(base) }));
    const plain = await validateConnector(createSluice(), { path: join(dir, "linked.yaml") });
    assert.deepEqual(plain.findings.filter((f) => f.code === "MANIFEST_LINKED_OVERRIDE"), []);
    writeFileSync(join(dir, "linked.yaml"), stringify({ version: "6.0.0", type: "DeclarativeSource", ...manifest({ ...base, authenticator: { ...auth, api_token: "{{ config['other'] }}" } }) }));
    const overridden = await validateConnector(createSluice(), { path: join(dir, "linked.yaml") });
    assert.equal(overridden.findings.filter((f) => f.code === "MANIFEST_LINKED_OVERRIDE").length, 1, "a real override is still reported");
  });
});

describe("sluice init's errors speak to a person", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "sluice-init-errors-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("a --url without a scheme is refused on stderr, with the URL to write; nothing on stdout, no folder", async () => {
    const run = await runCli(["init", "local", "--auth", "none", "--pagination", "none", "--url", "127.0.0.1:4106"], dir);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, /^sluice init: \[INIT_OPTION_INVALID\] --url "127\.0\.0\.1:4106" has no scheme\n {2}expected: http:\/\/ or https:\/\/ before the host, e\.g\. https:\/\/127\.0\.0\.1:4106/);
    assert.ok(!run.stderr.includes('"type":"TRACE"'));
    assert.ok(!existsSync(join(dir, "local")));
  });
});

describe("validate's messages for a new user's typos", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "sluice-validate-messages-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("`stream:` for `streams:` is one error at the typo with a did-you-mean, no anyOf dump and no second warning", async () => {
    writeFileSync(join(dir, "manifest.yaml"), "version: 6.0.0\ntype: DeclarativeSource\ncheck: {type: CheckStream, stream_names: [a]}\nstream:\n  - name: a\n");
    const run = await runCli(["validate"], dir);
    assert.equal(run.code, 1);
    assert.equal(
      run.stdout,
      "manifest.yaml:4:1 error stream [MANIFEST_INVALID]\n  a required field is missing (did you mean 'streams' where 'stream' is written?)\n  expected: the field 'streams' (rename 'stream')\n  found:    'stream'\n1 error, 0 warnings in manifest.yaml\n",
    );
  });

  it("neither streams nor dynamic_streams is one error naming both", async () => {
    writeFileSync(join(dir, "manifest.yaml"), "version: 6.0.0\ntype: DeclarativeSource\ncheck: {type: CheckStream, stream_names: [a]}\n");
    const run = await runCli(["validate"], dir);
    assert.match(run.stdout, /^manifest\.yaml:1:1 error \(root\) \[MANIFEST_INVALID\]\n {2}a required field is missing: one of 'streams', 'dynamic_streams'\n/);
    assert.match(run.stdout, /1 error, 0 warnings/);
  });

  it("a YAML syntax error shows the line with a caret under the column, and no filler", async () => {
    writeFileSync(join(dir, "manifest.yaml"), "version: 6.0.0\nstreams:\n  - name: users\n    retriever: {type: SimpleRetriever\n    bad: [1, 2\n");
    const run = await runCli(["validate"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^manifest\.yaml:5:5 error \(root\) \[MANIFEST_PARSE\]\n {2}The manifest could not be parsed: Flow map in block collection must be sufficiently indented and end with a \}\n {4}4 \| {5}retriever: \{type: SimpleRetriever\n {4}5 \| {5}bad: \[1, 2\n {4} {2}\| {5}\^\n/);
    assert.ok(!run.stdout.includes("YAML or JSON"));
  });
});
