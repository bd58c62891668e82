import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startDemoApi, type DemoApi } from "../../../examples/demo-api/server.js";
import { demoConfig } from "../../../examples/demo/demo-config.js";
import { runCli } from "../../support/run-cli.js";

const MANIFEST = join(import.meta.dirname, "..", "..", "..", "examples", "demo", "manifest.yaml");

/** Every credential of the demo config, in each form it could leak in (raw, URL-encoded, base64). */
function credentialForms(config: Record<string, unknown>): string[] {
  const values = Object.entries(config).filter(([key]) => key !== "base_url" && !key.endsWith("username") && key !== "oauth_client_id").map(([, v]) => String(v));
  return values.flatMap((v) => [v, encodeURIComponent(v), Buffer.from(v).toString("base64")]);
}

describe("sluice test-read", () => {
  let api: DemoApi;
  let dir: string;
  let configFile: string;
  let config: Record<string, unknown>;
  before(async () => {
    api = await startDemoApi();
    dir = mkdtempSync(join(tmpdir(), "sluice-test-read-"));
    config = demoConfig(api.url);
    configFile = join(dir, "config.json");
    writeFileSync(configFile, JSON.stringify(config));
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const testRead = (...args: string[]) => runCli(["test-read", "--manifest", MANIFEST, "--config", configFile, ...args], dir);

  it("prints one JSON document in the issue's shape, each page with its request, response, records and decision", async () => {
    const { code, stdout } = await testRead("--stream", "users", "--pages", "2", "--json");
    assert.equal(code, 0);
    const document = JSON.parse(stdout);
    const [stream] = document.streams;
    assert.equal(stream.name, "users");
    const pages = stream.slices[0].pages;
    assert.deepEqual(stream.slices[0].slice, {});
    assert.equal(pages.length, 2);
    assert.equal(pages[0].request.method, "GET");
    assert.equal(pages[0].request.url, `${api.url}/v1/users?limit=25`);
    assert.equal(pages[0].request.headers["X-Api-Key"], "****");
    assert.equal(pages[0].response.status, 200);
    assert.equal(pages[0].response.headers["content-type"], "application/json");
    assert.equal(pages[0].records.length, 25);
    assert.equal(pages[0].next_page_token, 25);
    assert.equal(pages[0].stop_reason, null);
    assert.equal(pages[1].request.url, `${api.url}/v1/users?offset=25&limit=25`);
    assert.equal(pages[1].next_page_token, 50, "the token the page limit left unused");
    assert.equal(pages[1].stop_reason, "the limit of 2 pages per slice was reached");
  });

  it("says why pagination stopped on the last page", async () => {
    const document = JSON.parse((await testRead("--stream", "users", "--json")).stdout);
    const pages = document.streams[0].slices[0].pages;
    assert.equal(pages.length, 3);
    assert.equal(pages[2].records.length, 7);
    assert.equal(pages[2].next_page_token, null);
    assert.equal(pages[2].stop_reason, "the page had 7 records, fewer than the page size 25");
    const search = JSON.parse((await testRead("--stream", "search_users", "--json")).stdout).streams[0].slices[0].pages;
    assert.match(search.at(-1).stop_reason, /^stop_condition \{\{ not response.has_more \}\} is true$/);
    assert.deepEqual(JSON.parse(search[1].request.body), { page_size: 20, start_cursor: search[0].next_page_token });
  });

  it("shows the token refresh and the session login as auxiliary requests, with no credential anywhere", async () => {
    const { code, stdout } = await testRead("--stream", "auth_oauth", "--stream", "auth_session", "--stream", "auth_basic", "--stream", "auth_jwt", "--stream", "auth_api_key", "--json");
    assert.equal(code, 0);
    const document = JSON.parse(stdout);
    const oauth = document.streams[0].slices[0].pages[0];
    assert.equal(oauth.auxiliary_requests.length, 1);
    assert.equal(oauth.auxiliary_requests[0].purpose, "token_refresh");
    assert.equal(oauth.auxiliary_requests[0].request.method, "POST");
    assert.match(oauth.auxiliary_requests[0].request.body, /client_secret=\*\*\*\*&refresh_token=\*\*\*\*/);
    assert.equal(JSON.parse(oauth.auxiliary_requests[0].response.body).access_token, "****");
    assert.equal(oauth.request.headers.Authorization, "Bearer ****");
    const session = document.streams[1].slices[0].pages[0];
    assert.equal(session.auxiliary_requests[0].purpose, "session_login");
    assert.equal(session.request.headers["X-Session"], "****");
    for (const form of credentialForms(config)) assert.ok(!stdout.includes(form), `the output leaks a credential form ${form.slice(0, 3)}...`);
  });

  it("stops at the record limit in the middle of a page and says so", async () => {
    const document = JSON.parse((await testRead("--stream", "users", "--records", "30", "--json")).stdout);
    const pages = document.streams[0].slices[0].pages;
    assert.equal(document.streams[0].records, 30);
    assert.equal(pages.length, 2);
    assert.equal(pages[1].records.length, 5);
    assert.equal(pages[1].stop_reason, "the limit of 30 records was reached");
    assert.ok(document.warnings.some((w: string) => w.startsWith("users: the limit of 30 records")));
  });

  it("keeps the pages read before a failure and names the error", async () => {
    const bad = join(dir, "bad-config.json");
    writeFileSync(bad, JSON.stringify({ ...config, api_key: "wrong-key-value" }));
    const { code, stdout } = await runCli(["test-read", "--manifest", MANIFEST, "--config", bad, "--stream", "users", "--json"], dir);
    assert.equal(code, 1);
    const stream = JSON.parse(stdout).streams[0];
    assert.match(stream.error, /answered 401/);
    assert.equal(stream.slices[0].pages[0].response.status, 401);
    assert.match(stream.slices[0].pages[0].stop_reason, /^the read failed: /);
    assert.ok(!stdout.includes("wrong-key-value"));
  });

  it("prints a readable view without colour outside a terminal, and coloured in one", async () => {
    const plain = await testRead("--stream", "orders", "--pages", "1");
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /^Stream orders\n {2}Page 1\n {4}→ GET .*\/v1\/orders\?page=1&per_page=20\n/);
    assert.match(plain.stdout, /20 records/);
    assert.match(plain.stdout, /next page token: 2\n {4}stopped: the limit of 1 page per slice was reached/);
    assert.ok(!plain.stdout.includes("\u001b["));
    const coloured = await runCli(["test-read", "--manifest", MANIFEST, "--config", configFile, "--stream", "orders", "--pages", "1"], dir, { interactive: true });
    assert.ok(coloured.stdout.includes("\u001b["));
  });

  it("rejects a limit that is not a positive integer, naming the flag", async () => {
    const { code, stderr } = await testRead("--stream", "users", "--pages", "0");
    assert.equal(code, 1);
    assert.match(stderr, /--pages must be a positive integer/);
  });

  it("never writes the config file, even when the API rotates a token", async () => {
    const before = readFileSync(configFile, "utf8");
    await testRead("--stream", "auth_oauth", "--json");
    assert.equal(readFileSync(configFile, "utf8"), before);
  });
});
