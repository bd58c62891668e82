import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { stringify } from "yaml";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";
import { authManifest, rotatingOAuth } from "../../e2e/auth-cli-support.js";
import { basePath, send } from "./builder-support.js";

let api: Loopback;
let dir: string;
let builder: RunningBuilder;
const valid = new Set(["r1"]);
const access = new Set<string>();
let issued = 0;

before(async () => {
  api = await startLoopback();
  // Each refresh token works once and the answer carries the next (Xero-style); expires_in 0 makes every read refresh.
  api.route("/oauth/token", (req, res) => {
    const presented = new URLSearchParams(req.body).get("refresh_token") ?? "";
    if (!valid.delete(presented)) return json(res, 400, { error: "invalid_grant" });
    issued++;
    const next = `rt-${issued + 1}`;
    valid.add(next);
    access.add(`at-${issued}`);
    json(res, 200, { access_token: `at-${issued}`, refresh_token: next, expires_in: 0 });
  });
  api.route("/items", (req, res) => {
    if (!access.has(String(req.headers.authorization ?? "").replace(/^Bearer /, ""))) return json(res, 401, { error: "invalid_token" });
    json(res, 200, { data: [{ id: issued }] });
  });
  dir = mkdtempSync(join(tmpdir(), "sluice-builder-test-read-"));
  writeFileSync(join(dir, "manifest.yaml"), stringify(authManifest(rotatingOAuth(`${api.url}/oauth/token`), [])));
  builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
});
after(async () => {
  await builder.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

it("a test read writes a rotated single-use refresh token back to secrets/config.json, never to the manifest", async () => {
  const base = basePath(builder.url);
  const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
  const values = { base_url: api.url, credentials: { client_id: "cid", client_secret: "cs", refresh_token: "r1" } };
  assert.equal((await send(builder.port, "PUT", `${base}api/testing-values`, { body: { values } })).status, 200);
  for (const round of [1, 2]) {
    const answer = await send(builder.port, "POST", `${base}api/test`, { body: { text: manifest, stream: "items" } });
    assert.equal(answer.status, 200, answer.body);
    const document = answer.json<{ streams: Array<{ records: number; error?: string }>; warnings: string[] }>();
    assert.equal(document.streams[0]!.error, undefined, `round ${round}: ${document.streams[0]!.error}`);
    assert.equal(document.streams[0]!.records, 1);
    assert.ok(!document.warnings.some((w) => w.includes("rotated")), document.warnings.join("\n"));
    const stored = JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")) as typeof values;
    assert.equal(stored.credentials.refresh_token, `rt-${round + 1}`, "the token the server issued is the one kept");
    assert.ok(valid.has(stored.credentials.refresh_token));
  }
  assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), manifest);
});

it("a test read carries its testing values: nothing is read from disk, the rotated token comes back in the answer, saved once", async () => {
  const base = basePath(builder.url);
  const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
  const stored = JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")) as { base_url: string; credentials: Record<string, string> };
  // The file on disk holds a spent token: a read that used it would fail.
  const current = stored.credentials.refresh_token!;
  writeFileSync(join(dir, "secrets/config.json"), JSON.stringify({ ...stored, credentials: { ...stored.credentials, refresh_token: "spent" } }));
  const carried = { ...stored, credentials: { ...stored.credentials, refresh_token: current } };
  const answer = await send(builder.port, "POST", `${base}api/test`, { body: { text: manifest, stream: "items", testingValues: carried } });
  assert.equal(answer.status, 200, answer.body);
  const document = answer.json<{ streams: Array<{ records: number; error?: string }>; testingValues?: typeof carried }>();
  assert.equal(document.streams[0]!.error, undefined, document.streams[0]!.error);
  const next = document.testingValues?.credentials.refresh_token;
  assert.ok(next && next !== current && valid.has(next), "the answer carries the token the API issued");
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")), document.testingValues, "and it is saved");
  assert.ok(!JSON.stringify(document.streams).includes(next), "the document itself shows no token");

  // The page's save that crossed the read (the old token) does not put the spent token back.
  assert.equal((await send(builder.port, "PUT", `${base}api/testing-values`, { body: { values: carried } })).status, 200);
  assert.equal((JSON.parse(readFileSync(join(dir, "secrets/config.json"), "utf8")) as typeof carried).credentials.refresh_token, next);
});

it("a test read whose token does not rotate answers no testing values and writes none", async () => {
  const base = basePath(builder.url);
  const text = stringify({ version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["open"] }, streams: [{ type: "DeclarativeStream", name: "open", retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: api.url, path: "/open", http_method: "GET" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } } }, schema_loader: { type: "InlineSchemaLoader", schema: {} } }], spec: { type: "Spec", connection_specification: { type: "object", properties: { note: { type: "string" } } } } });
  api.route("/open", (_req, res) => json(res, 200, [{ id: 1 }]));
  const before = readFileSync(join(dir, "secrets/config.json"), "utf8");
  const answer = await send(builder.port, "POST", `${base}api/test`, { body: { text, stream: "open", testingValues: { note: "typed, not saved" } } });
  assert.equal(answer.status, 200, answer.body);
  const document = answer.json<{ streams: Array<{ records: number; error?: string }>; testingValues?: unknown }>();
  assert.equal(document.streams[0]!.records, 1, document.streams[0]!.error);
  assert.equal(document.testingValues, undefined);
  assert.equal(readFileSync(join(dir, "secrets/config.json"), "utf8"), before);
});
