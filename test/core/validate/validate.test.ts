import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { validateConnector, type Finding } from "../../../core/validate/validate-connector.js";
import { IncrementalManifestParser } from "../../../core/manifest/incremental-manifest-parser.js";
import { demoConfig } from "../../../examples/demo/demo-config.js";
import { runCli } from "../../support/run-cli.js";
import { spawn } from "node:child_process";
import { startLoopback } from "../../support/loopback.js";

const MAIN = join(import.meta.dirname, "..", "..", "..", "core", "cli", "main.ts");

/** A manifest with one mistake of each kind, at known lines. */
const MANIFEST = `version: 6.0.0
type: DeclarativeSource
definitions:
  auth:
    type: BearerAuthenticator
    api_token: "{{ config['token'] }}"
  requester:
    type: HttpRequester
    url_base: https://api.example.com
    authenticator: "#/definitions/auth"
    http_methd: GET
streams:
  - type: DeclarativeStream
    name: users
    retriever:
      type: SimpleRetriever
      requester:
        $ref: "#/definitions/requester"
        path: /users
        authenticator:
          $ref: "#/definitions/auth"
          api_token: "{{ config['other_token'] }}"
      record_selector:
        extractor: { field_path: [data] }
      paginator:
        type: DefaultPaginator
        pagination_strategy:
          type: CursorPagination
          cursor_value: "{{ response.next }}"
          stop_conditon: "{{ not response.next }}"
  - type: DeclarativeStream
    name: posts
    primary_key: 5
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: /posts }
      record_selector:
        extractor: { type: DpathExtractr, field_path: [data] }
      paginator:
        type: DefaultPaginator
        pagination_strategy: { type: OffsetIncrement, page_size: 10 }
`;

describe("sluice validate", () => {
  let dir: string;
  let file: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "sluice-validate-"));
    file = join(dir, "manifest.yaml");
    writeFileSync(file, MANIFEST);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const find = (findings: Finding[], path: string) => findings.find((f) => f.path === path);

  it("reports every error at once, each at its line and column with expected and found", async () => {
    const report = await validateConnector(createSluice(), { path: file });
    assert.equal(report.ok, false);
    const type = find(report.findings, "streams[1].retriever.record_selector.extractor")!;
    assert.deepEqual([type.severity, type.code, type.line, type.column], ["error", "MANIFEST_UNKNOWN_TYPE", 38, 20]);
    assert.match(type.message, /did you mean DpathExtractor/);
    assert.equal(type.found, "DpathExtractr");
    const key = find(report.findings, "streams[1].primary_key")!;
    assert.deepEqual([key.severity, key.line, key.column, key.expected, key.found], ["error", 33, 18, "string,array", "5"]);
  });

  it("warns about a misspelled optional field with the nearest known name and its line", async () => {
    const report = await validateConnector(createSluice(), { path: file });
    const typo = find(report.findings, "streams[0].retriever.paginator.pagination_strategy.stop_conditon")!;
    assert.deepEqual([typo.severity, typo.code, typo.line, typo.column], ["warning", "MANIFEST_UNKNOWN_FIELD", 30, 11]);
    assert.match(typo.message, /did you mean 'stop_condition'\?/);
  });

  it("reports a typo in a shared definition once, where it is written, not once per stream using it", async () => {
    const report = await validateConnector(createSluice(), { path: file });
    const typos = report.findings.filter((f) => f.path.endsWith("http_methd"));
    assert.equal(typos.length, 1);
    assert.deepEqual([typos[0]!.path, typos[0]!.line, typos[0]!.usedAt], ["definitions.requester.http_methd", 11, "streams[0].retriever.requester.http_methd"]);
  });

  it("lists a linked authenticator overridden into a local copy, naming both values' paths and never the values", async () => {
    const report = await validateConnector(createSluice(), { path: file });
    const override = find(report.findings, "streams[0].retriever.requester.authenticator.api_token")!;
    assert.equal(override.code, "MANIFEST_LINKED_OVERRIDE");
    assert.equal(override.line, 22);
    assert.match(override.message, /linked definition definitions\.auth/);
    assert.equal(override.found, "values at definitions.auth.api_token and streams[0].retriever.requester.authenticator.api_token");
    assert.ok(!JSON.stringify(override).includes("other_token"), "the value itself is not shown");
  });

  it("checks a config against the spec and builds the connector without a request", async () => {
    const good = join(dir, "good.yaml");
    writeFileSync(good, MANIFEST.replace("DpathExtractr", "DpathExtractor").replace("primary_key: 5", "primary_key: id") + `spec:
  type: Spec
  connection_specification:
    type: object
    required: [token]
    properties: { token: { type: string, airbyte_secret: true } }
`);
    const missing = await validateConnector(createSluice(), { path: good, config: {} });
    assert.deepEqual(missing.findings.filter((f) => f.severity === "error").map((f) => [f.code, f.path, f.message]), [["CONFIG_INVALID", "config.token", "a required field is missing"]]);
    const fine = await validateConnector(createSluice(), { path: good, config: { token: "a-token-value", other_token: "another-value" } });
    assert.equal(fine.ok, true, JSON.stringify(fine.findings.filter((f) => f.severity === "error")));
  });

  it("prints file:line:column lines and exits 1 on errors; --json prints the report", async () => {
    const human = await runCli(["validate", "--manifest", "manifest.yaml"], dir);
    assert.equal(human.code, 1);
    assert.match(human.stdout, /^manifest\.yaml:30:11 warning streams\[0\]\.retriever\.paginator\.pagination_strategy\.stop_conditon \[MANIFEST_UNKNOWN_FIELD\]\n {2}CursorPagination has no field 'stop_conditon' \(did you mean 'stop_condition'\?\)/m);
    assert.match(human.stdout, /2 errors, 4 warnings in manifest\.yaml\n$/);
    const json = JSON.parse((await runCli(["validate", "--manifest", "manifest.yaml", "--json"], dir)).stdout);
    assert.equal(json.ok, false);
    assert.equal(json.findings.length, 6);
    assert.deepEqual(Object.keys(json), ["file", "findings", "ok"], "the resolved manifest a caller gets is not printed");
  });

  it("carries the manifest it resolved and the text's source map, so a caller reads values without parsing again", async () => {
    const text = MANIFEST.replace("path: /users", "path: /members");
    const report = await validateConnector(createSluice(), { path: join(dir, "unsaved.yaml"), text });
    const streams = report.resolved!.manifest.streams as Array<{ retriever: { requester: { path: string; url_base: string } } }>;
    assert.equal(streams[0]!.retriever.requester.path, "/members", "the unsaved text's value, not a file's");
    assert.equal(streams[0]!.retriever.requester.url_base, "https://api.example.com", "resolved through $ref");
    assert.equal(report.resolved!.positions.locate("streams[0].retriever.requester.path")?.line, 19);
    const broken = await validateConnector(createSluice(), { path: join(dir, "unsaved.yaml"), text: "version: 6.0.0\nstreams: [\n" });
    assert.equal(broken.resolved, undefined, "nothing resolved: the findings say why");
  });

  it("hands the text's manifest over uncopied and never changes it: the Builder's parser keeps its blocks for the next text", async () => {
    const text = readFileSync(join(import.meta.dirname, "..", "..", "..", "examples", "demo", "manifest.yaml"), "utf8");
    const parser = new IncrementalManifestParser();
    const parsed: Array<Record<string, unknown>> = [];
    const parseText = async (t: string, file?: string) => {
      const result = await parser.parse(t, file);
      parsed.push(result.manifest);
      return result;
    };
    const first = await validateConnector(createSluice(), { path: join(dir, "demo.yaml"), text, config: demoConfig("http://127.0.0.1:9"), parseText });
    assert.equal(first.ok, true, JSON.stringify(first.findings.filter((f) => f.severity === "error")));
    const before = structuredClone(parsed[0]);
    // The connector was resolved, its parameters propagated and built from its own copy: the parsed value is as parsed.
    const second = await validateConnector(createSluice(), { path: join(dir, "demo.yaml"), text: `${text}\n# one more line\n`, config: demoConfig("http://127.0.0.1:9"), parseText });
    assert.equal(second.ok, true);
    assert.deepEqual(parsed[0], before);
    assert.equal(parsed[1]!.definitions, parsed[0]!.definitions, "the unchanged block is the parser's kept value");
    const resolvedStreams = second.resolved!.manifest.streams as unknown[];
    assert.notEqual(resolvedStreams, parsed[1]!.streams, "what the connector uses is its own");
  });

  it("copies a host's manifest object unless it is handed over", async () => {
    const manifest = { version: "6.0.0", streams: [] as unknown[] };
    const copied = await createSluice().inspect({ manifest });
    const owned = await createSluice().inspect({ manifest, owned: true });
    assert.notEqual(copied.source.manifest, manifest);
    assert.deepEqual(copied.source.manifest, manifest);
    assert.equal(owned.source.manifest, manifest);
  });

  it("names the line and column of a YAML syntax error", async () => {
    writeFileSync(join(dir, "broken.yaml"), "version: 6.0.0\nstreams: [\n");
    const report = await validateConnector(createSluice(), { path: join(dir, "broken.yaml") });
    assert.deepEqual(report.findings.map((f) => [f.code, f.line]), [["MANIFEST_PARSE", 3]]);
  });

  it("check and discover print the same warnings once on stderr", async () => {
    writeFileSync(join(dir, "config.json"), JSON.stringify({ token: "t0ken-value", other_token: "t0ken-other" }));
    const api = await startLoopback(() => ({ body: { data: [] } }));
    after(() => api.close());
    writeFileSync(join(dir, "ok.yaml"), MANIFEST.replace("DpathExtractr", "DpathExtractor").replace("primary_key: 5", "primary_key: id").replace("https://api.example.com", api.url));
    // The default logger writes to the process's stderr: run the CLI as a process (tsx resolved from here, not from the temp folder).
    for (const command of ["check", "discover"]) {
      const stderr = await stderrOf(["--import", import.meta.resolve("tsx"), MAIN, command, "--manifest", "ok.yaml", "--config", "config.json"], dir);
      const warnings = stderr.split("\n").filter((l) => l.startsWith("warn "));
      assert.equal(warnings.filter((l) => l.includes("stop_conditon")).length, 1, stderr);
      assert.equal(warnings.filter((l) => l.includes("http_methd")).length, 1);
      assert.match(warnings.find((l) => l.includes("stop_conditon"))!, /ok\.yaml:30:11 /);
    }
  });
});

/** What a `node` child process printed on stderr (the parent's event loop stays free to answer its requests). */
function stderrOf(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let text = "";
    child.stderr.on("data", (chunk: Buffer) => (text += chunk));
    child.on("close", () => resolve(text));
  });
}
