import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";
import { authManifest, rotatingOAuth, runSluice } from "./auth-cli-support.js";

let api: Loopback;
let dir: string;
const spent: string[] = [];
const valid = new Set(["r1"]);
const access = new Set<string>();
let issued = 0;

before(async () => {
  api = await startLoopback();
  // Xero-style rotation: each refresh token works once; the answer carries the next one. expires_in 0
  // makes every run refresh, so run 2 can only succeed with the token run 1 wrote back.
  api.route("/oauth/token", (req, res) => {
    const form = new URLSearchParams(req.body);
    const presented = form.get("refresh_token") ?? "";
    spent.push(presented);
    if (form.get("client_secret") !== "cs-very-secret" || !valid.delete(presented)) return json(res, 400, { error: "invalid_grant" });
    issued++;
    const next = `rt-${issued + 1}-${Math.random().toString(36).slice(2, 10)}`;
    valid.add(next);
    const token = `at-${issued}-${Math.random().toString(36).slice(2, 10)}`;
    access.add(token);
    json(res, 200, { access_token: token, refresh_token: next, expires_in: 0 });
  });
  api.route("/items", (req, res) => {
    const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!access.has(token)) return json(res, 401, { error: "invalid_token" });
    json(res, 200, { data: [{ id: issued }] });
  });
  dir = mkdtempSync(join(tmpdir(), "sluice-e2e-rotate-"));
  const authenticator = rotatingOAuth(`${api.url}/oauth/token`);
  writeFileSync(join(dir, "manifest.yaml"), stringify(authManifest(authenticator, [])));
  writeFileSync(join(dir, "config.json"), JSON.stringify({ base_url: api.url, credentials: { client_id: "cid", client_secret: "cs-very-secret", refresh_token: "r1" } }, null, 2) + "\n");
});
after(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

test("rotating single-use refresh tokens survive across two runs of the CLI", async () => {
  const first = await runSluice(["read", "--config", "config.json", "--manifest", "manifest.yaml"], dir);
  assert.equal(first.code, 0, first.stderr);
  const written = JSON.parse(readFileSync(join(dir, "config.json"), "utf8"));
  assert.ok(valid.has(written.credentials.refresh_token), "the file holds the refresh token the server issued");
  const control = first.messages.filter((m) => m.type === "CONTROL");
  assert.equal(control.length, 1);
  assert.deepEqual(control[0]!.control.connectorConfig.config, written, "the CONTROL message carries the whole new config, unredacted");
  assert.ok(first.messages.findIndex((m) => m.type === "CONTROL") < first.messages.findIndex((m) => m.type === "RECORD"), "announced before the token is used");

  const second = await runSluice(["read", "--config", "config.json", "--manifest", "manifest.yaml"], dir);
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(spent, ["r1", written.credentials.refresh_token], "run 2 spent the token run 1 wrote back");
  assert.equal(second.messages.filter((m) => m.type === "RECORD").length, 1);
  assert.ok(!existsSync(join(dir, "config.json.lock")));
  assert.equal(JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).base_url, api.url);
});

test("run by the platform, a rotated token goes out in a CONTROL message before use, and the config copy is left alone", async () => {
  const platformConfig = join(dir, "platform-config.json");
  const before = readFileSync(join(dir, "config.json"), "utf8");
  writeFileSync(platformConfig, before);
  const platform = { AIRBYTE_ENTRYPOINT: "sluice" };
  const first = await runSluice(["read", "--config", platformConfig, "--manifest", "manifest.yaml"], dir, { env: platform });
  assert.equal(first.code, 0, first.stderr);
  assert.equal(readFileSync(platformConfig, "utf8"), before, "the platform's config file is not rewritten");
  const control = first.messages.filter((m) => m.type === "CONTROL");
  assert.equal(control.length, 1);
  const next = control[0]!.control.connectorConfig.config;
  assert.ok(valid.has(next.credentials.refresh_token), "the CONTROL message carries the token the server issued");
  assert.ok(first.messages.findIndex((m) => m.type === "CONTROL") < first.messages.findIndex((m) => m.type === "RECORD"), "announced before the token is used");
  // The platform persists the CONTROL config and passes it to the next sync.
  writeFileSync(platformConfig, JSON.stringify(next));
  const second = await runSluice(["read", "--config", platformConfig, "--manifest", "manifest.yaml"], dir, { env: platform });
  assert.equal(second.code, 0, second.stderr);
  assert.equal(second.messages.filter((m) => m.type === "RECORD").length, 1);
});
