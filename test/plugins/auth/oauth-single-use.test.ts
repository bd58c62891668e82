import { test, afterEach, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SluiceError, type ConnectorConfig } from "../../../sdk/index.js";
import { FileConfigStore } from "../../../core/config/file-config-store.js";
import type { ConnectorConfigControlMessage } from "../../../core/config/connector-config-message.js";
import { startLoopback, type Loopback } from "./support/loopback.js";
import { fakeClock, readAll, testConnector } from "./support/connector.js";
import { oauthServer } from "./support/oauth-server.js";

let api: Loopback;
let dir: string;
beforeEach(async () => {
  api = await startLoopback();
  dir = mkdtempSync(join(tmpdir(), "sluice-single-use-"));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const singleUse = (url: string, updater: Record<string, unknown> = {}) => ({
  type: "OAuthAuthenticator",
  token_refresh_endpoint: `${url}/oauth/token`,
  client_id: "{{ config['credentials']['client_id'] }}",
  client_secret: "{{ config['credentials']['client_secret'] }}",
  refresh_token: "{{ config['credentials']['refresh_token'] }}",
  refresh_token_updater: updater,
});

function writeConfig(credentials: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const path = join(dir, "config.json");
  writeFileSync(path, JSON.stringify({ start_date: "2024-01-01", credentials: { client_id: "cid", client_secret: "csecret", ...credentials }, ...extra }, null, 4) + "\n");
  return path;
}

async function run(path: string, clock: ReturnType<typeof fakeClock>, messages: ConnectorConfigControlMessage[] = []) {
  const config = JSON.parse(readFileSync(path, "utf8")) as ConnectorConfig;
  const store = await FileConfigStore.open(path, { config, onControlMessage: (m) => void messages.push(m), now: clock.now });
  const connector = await testConnector({ url: api.url, clock, authenticator: singleUse(api.url), config, configStore: store });
  return readAll(connector);
}

test("a rotated refresh token is on disk before the new access token is first used", async () => {
  const clock = fakeClock();
  const path = writeConfig({ refresh_token: "r1" });
  const server = oauthServer(api, { clock, rotate: true });
  const onDiskAtFirstUse: unknown[] = [];
  api.route("/items", (req, res) => {
    onDiskAtFirstUse.push(JSON.parse(readFileSync(path, "utf8")).credentials);
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ data: [{ auth: req.headers.authorization }] }));
  });
  const messages: ConnectorConfigControlMessage[] = [];
  const [record] = await run(path, clock, messages);
  const saved = onDiskAtFirstUse[0] as Record<string, string>;
  assert.equal(`Bearer ${saved.access_token}`, record!.auth);
  assert.ok(server.validRefresh.has(saved.refresh_token!), "the file holds the refresh token the server will accept next");
  assert.equal(saved.token_expiry_date, "2024-05-01T01:00:00+00:00");
  const text = readFileSync(path, "utf8");
  assert.match(text, /^\{\n {4}"start_date": "2024-01-01",\n/, "indentation and the other fields are kept");
  assert.equal(messages.length, 1);
  assert.equal(messages[0]!.type, "CONTROL");
  assert.equal(messages[0]!.control.type, "CONNECTOR_CONFIG");
  assert.deepEqual(messages[0]!.control.connectorConfig.config, JSON.parse(text));
});

test("a second run uses the refresh token the first run wrote back", async () => {
  const clock = fakeClock();
  const path = writeConfig({ refresh_token: "r1" });
  const server = oauthServer(api, { clock, rotate: true });
  await run(path, clock);
  const afterFirst = JSON.parse(readFileSync(path, "utf8")).credentials;
  assert.notEqual(afterFirst.refresh_token, "r1");

  clock.advance(10 * 60_000);
  await run(path, clock);
  assert.equal(server.tokenRequests.length, 1, "the second run reuses the access token that is still valid");

  clock.advance(2 * 3600_000);
  const records = await run(path, clock);
  assert.equal(records.length, 1);
  assert.equal(server.tokenRequests.length, 2);
  assert.equal(new URLSearchParams(server.tokenRequests[1]!.body).get("refresh_token"), afterFirst.refresh_token);
  assert.ok(!server.validRefresh.has("r1"));
});

test("two processes sharing one config file spend the refresh token once", async () => {
  const clock = fakeClock();
  const path = writeConfig({ refresh_token: "r1" });
  const server = oauthServer(api, { clock, rotate: true, delayMs: 40 });
  const results = await Promise.all([run(path, clock), run(path, clock)]);
  assert.deepEqual(results.map((r) => r.length), [1, 1]);
  assert.equal(server.tokenRequests.length, 1, "the second waited for the lock, re-read the file and adopted the new token");
});

test("the config's credentials.client_id wins and custom config paths are used", async () => {
  const clock = fakeClock();
  const path = join(dir, "config.json");
  writeFileSync(path, JSON.stringify({ credentials: { client_id: "cid", client_secret: "csecret" }, auth: { rt: "r1" } }));
  const server = oauthServer(api, { clock, rotate: true });
  const config = JSON.parse(readFileSync(path, "utf8")) as ConnectorConfig;
  const store = await FileConfigStore.open(path, { config });
  const authenticator = {
    ...singleUse(api.url, { refresh_token_config_path: ["auth", "rt"], access_token_config_path: ["auth", "at"], token_expiry_date_config_path: ["auth", "exp"] }),
    client_id: "manifest-id",
    client_secret: "manifest-secret",
  };
  const connector = await testConnector({ url: api.url, clock, authenticator, config, configStore: store });
  await readAll(connector);
  const form = new URLSearchParams(server.tokenRequests[0]!.body);
  assert.equal(form.get("client_id"), "cid");
  assert.equal(form.get("refresh_token"), "r1");
  const saved = JSON.parse(readFileSync(path, "utf8"));
  assert.deepEqual(Object.keys(saved.auth), ["rt", "at", "exp"]);
  assert.ok(!readFileSync(path, "utf8").includes("\n"), "a compact file stays compact");
  assert.deepEqual(config.auth, saved.auth, "the in-memory config sees the new tokens");
});

test("a spent refresh token fails with AUTH_INVALID_GRANT naming the config path, and the file is untouched", async () => {
  const clock = fakeClock();
  const path = writeConfig({ refresh_token: "spent-refresh-token" });
  oauthServer(api, { clock, rotate: true });
  const before = readFileSync(path, "utf8");
  await assert.rejects(run(path, clock), (error: unknown) => {
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "AUTH_INVALID_GRANT");
    assert.match(error.message, /credentials\.refresh_token/);
    assert.ok(!error.describe().includes("spent-refresh-token"));
    return true;
  });
  assert.equal(readFileSync(path, "utf8"), before);
});
