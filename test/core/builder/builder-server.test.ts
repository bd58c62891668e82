import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { basePath, send, SHARED_MANIFEST } from "./builder-support.js";

describe("sluice builder's server", () => {
  let dir: string;
  let builder: RunningBuilder;
  let base: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-builder-"));
    writeFileSync(join(dir, "manifest.yaml"), SHARED_MANIFEST);
    builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    base = basePath(builder.url);
  });
  after(async () => {
    await builder.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the page and the session at the printed URL, on 127.0.0.1, with a 43-character token", async () => {
    assert.match(builder.url, /^http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}\/$/);
    const page = await send(builder.port, "GET", base);
    assert.equal(page.status, 200);
    assert.match(page.body, /<script type="module" src="app.js">/);
    assert.match(String(page.headers["content-security-policy"]), /default-src 'self'/);
    const session = (await send(builder.port, "GET", `${base}api/session`)).json<{ manifest: { text: string } }>();
    assert.equal(session.manifest.text, SHARED_MANIFEST);
  });

  it("refuses a request without the token, or with a wrong one, before anything is served", async () => {
    for (const path of ["/", "/api/session", "/index.html", `/${"x".repeat(43)}/api/session`, `${base.slice(0, -2)}/api/session`]) {
      const answer = await send(builder.port, "GET", path);
      assert.equal(answer.status, 404, path);
      assert.doesNotMatch(answer.body, /version: 6\.0\.0/);
    }
  });

  it("refuses a Host other than its loopback address and port (DNS rebinding)", async () => {
    for (const host of ["evil.example", `evil.example:${builder.port}`, "127.0.0.1", `127.0.0.1:${builder.port + 1}`, `0.0.0.0:${builder.port}`]) {
      const answer = await send(builder.port, "GET", `${base}api/session`, { headers: { host } });
      assert.equal(answer.status, 403, host);
      assert.match(answer.body, /DNS rebinding/);
    }
    assert.equal((await send(builder.port, "GET", `${base}api/session`, { headers: { host: `localhost:${builder.port}` } })).status, 200);
  });

  it("refuses a foreign Origin and a cross-site fetch, even with the token", async () => {
    const save = { text: "stolen", baseHash: "x" };
    for (const origin of ["http://evil.example", `http://127.0.0.1:${builder.port + 1}`, "null"]) {
      const answer = await send(builder.port, "PUT", `${base}api/manifest`, { headers: { origin }, body: save });
      assert.equal(answer.status, 403, origin);
    }
    assert.equal((await send(builder.port, "GET", `${base}api/session`, { headers: { "sec-fetch-site": "cross-site" } })).status, 403);
    assert.equal((await send(builder.port, "PUT", `${base}api/manifest`, { headers: { "content-type": "text/plain" }, body: save })).status, 415);
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), SHARED_MANIFEST);
  });

  it("shows a field's resolved value and where it is written: behind $ref, in $parameters, shared by the streams", async () => {
    const answer = await send(builder.port, "POST", `${base}api/analyze`, {
      headers: { origin: `http://127.0.0.1:${builder.port}` },
      body: { text: SHARED_MANIFEST, fields: ["streams[*].retriever.requester.url_base", "streams[*].retriever.requester.path", "streams[*].name"] },
    });
    assert.equal(answer.status, 200, answer.body);
    const { streams, fields, findings } = answer.json<{ streams: string[]; findings: unknown[]; fields: Record<string, { value: unknown; origin: { via: string; sourcePath: string; line?: number } }> }>();
    assert.deepEqual(findings, []);
    assert.deepEqual(streams, ["users", "orders"]);
    assert.deepEqual(fields["streams[1].retriever.requester.url_base"], { value: "{{ config['base_url'] }}", origin: { via: "$ref", sourcePath: "definitions.requester.url_base", segments: ["definitions", "requester", "url_base"], line: 7, column: 15 } });
    assert.equal(fields["streams[0].retriever.requester.path"]!.value, "/users");
    assert.deepEqual(fields["streams[1].retriever.requester.path"]!.origin, { via: "$parameters", sourcePath: "streams[1].$parameters.path", segments: ["streams", 1, "$parameters", "path"], line: 29, column: 13 });
    assert.equal(fields["streams[0].name"]!.origin.via, "self");
  });

  it("places the validator's findings at the lines of the unsaved text", async () => {
    const text = SHARED_MANIFEST.replace("http_method: GET", "http_method: GET\n    stop_conditon: 1");
    const { findings } = (await send(builder.port, "POST", `${base}api/analyze`, { body: { text } })).json<{ findings: Array<{ line: number; path: string; severity: string }> }>();
    const typo = findings.find((f) => f.path.endsWith("stop_conditon"));
    assert.ok(typo, JSON.stringify(findings));
    assert.equal(typo.line, 9);
    const broken = (await send(builder.port, "POST", `${base}api/analyze`, { body: { text: "streams: [\n" } })).json<{ findings: Array<{ code: string; line?: number }> }>();
    assert.equal(broken.findings[0]!.code, "MANIFEST_PARSE");
  });

  it("analyses an edit of the last analysed text as it analyses the whole text; an edit of a text it no longer holds is a 409", async () => {
    type Answer = { textId: string; findings: Array<{ line: number; path: string }> };
    const first = (await send(builder.port, "POST", `${base}api/analyze`, { body: { text: SHARED_MANIFEST } })).json<Answer>();
    const at = SHARED_MANIFEST.indexOf("http_method: GET") + "http_method: GET".length;
    const edit = { base: first.textId, start: at, end: at, insert: "\n    stop_conditon: 1" };
    const edited = (await send(builder.port, "POST", `${base}api/analyze`, { body: { edit } })).json<Answer>();
    const whole = (await send(builder.port, "POST", `${base}api/analyze`, { body: { text: SHARED_MANIFEST.replace("http_method: GET", "http_method: GET\n    stop_conditon: 1") } })).json<Answer>();
    assert.deepEqual(edited.findings, whole.findings);
    assert.ok(edited.findings.some((f) => f.path.endsWith("stop_conditon") && f.line === 9), JSON.stringify(edited.findings));
    assert.notEqual(edited.textId, first.textId);
    const unknown = await send(builder.port, "POST", `${base}api/analyze`, { body: { edit: { ...edit, base: "no-such-text" } } });
    assert.equal(unknown.status, 409);
    assert.equal(unknown.json<{ error: { code: string } }>().error.code, "BUILDER_TEXT_UNKNOWN");
    const outside = await send(builder.port, "POST", `${base}api/analyze`, { body: { edit: { ...edit, base: whole.textId, start: 0, end: 10 ** 9 } } });
    assert.equal(outside.status, 400);
  });

  it("checks the testing values against the spec as typed, field by field", async () => {
    const { findings } = (await send(builder.port, "POST", `${base}api/analyze`, { body: { text: SHARED_MANIFEST, testingValues: { base_url: "http://x", page_size: "ten" } } })).json<{ findings: Array<{ code: string; path: string; message: string }> }>();
    const config = findings.filter((f) => f.code === "CONFIG_INVALID").map((f) => `${f.path}: ${f.message}`).sort();
    assert.deepEqual(config, ["config.api_key: a required field is missing", "config.page_size: must be integer, found string"]);
  });

  it("saves atomically, and refuses to overwrite a manifest changed on disk unless asked", async () => {
    const session = (await send(builder.port, "GET", `${base}api/session`)).json<{ manifest: { hash: string } }>();
    const edited = SHARED_MANIFEST.replace("/orders", "/orders/v2");
    const first = await send(builder.port, "PUT", `${base}api/manifest`, { body: { text: edited, baseHash: session.manifest.hash } });
    assert.equal(first.status, 200, first.body);
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), edited);
    writeFileSync(join(dir, "manifest.yaml"), `${edited}# edited in vim meanwhile\n`);
    const stale = await send(builder.port, "PUT", `${base}api/manifest`, { body: { text: SHARED_MANIFEST, baseHash: first.json<{ hash: string }>().hash } });
    assert.equal(stale.status, 409);
    assert.equal(stale.json<{ error: { code: string } }>().error.code, "BUILDER_MANIFEST_CHANGED");
    assert.match(readFileSync(join(dir, "manifest.yaml"), "utf8"), /edited in vim meanwhile/);
    const forced = await send(builder.port, "PUT", `${base}api/manifest`, { body: { text: SHARED_MANIFEST, baseHash: first.json<{ hash: string }>().hash, overwrite: true } });
    assert.equal(forced.status, 200);
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), SHARED_MANIFEST);
  });

  it("keeps testing values only in secrets/config.json (owner-only, git-ignored) and refuses a manifest that contains a secret one", async () => {
    const values = { base_url: "http://127.0.0.1:1", api_key: "sk-live-4242" };
    assert.equal((await send(builder.port, "PUT", `${base}api/testing-values`, { body: { values } })).status, 200);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), values);
    assert.equal(statSync(join(dir, "secrets/config.json")).mode & 0o777, 0o600);
    assert.equal(statSync(join(dir, "secrets")).mode & 0o777, 0o700);
    assert.match(readFileSync(join(dir, ".gitignore"), "utf8"), /^secrets\/$/m);
    const { manifest } = (await send(builder.port, "GET", `${base}api/session`)).json<{ manifest: { hash: string } }>();
    const leaked = SHARED_MANIFEST.replace("{{ config['api_key'] }}", "sk-live-4242");
    const refused = await send(builder.port, "PUT", `${base}api/manifest`, { body: { text: leaked, baseHash: manifest.hash } });
    assert.equal(refused.json<{ error: { code: string } }>().error.code, "BUILDER_TESTING_VALUE_IN_MANIFEST");
    assert.doesNotMatch(readFileSync(join(dir, "manifest.yaml"), "utf8"), /sk-live-4242/);
  });
});

describe("sluice builder on a folder without a manifest", () => {
  it("starts from sluice init's scaffold, written only where the folder has nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-builder-new-"));
    writeFileSync(join(dir, "NOTES.md"), "mine\n");
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    try {
      assert.deepEqual(builder.created.sort(), [".github/workflows/connector-test.yml", ".gitignore", "README.md", "manifest.schema.json", "manifest.yaml", "secrets/config.json", "tests/replay.test.mjs"]);
      assert.match(readFileSync(join(dir, "manifest.yaml"), "utf8"), /type: DeclarativeSource/);
      assert.equal(readFileSync(join(dir, "NOTES.md"), "utf8"), "mine\n");
      assert.ok(existsSync(join(dir, "secrets/config.json")));
    } finally {
      await builder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
