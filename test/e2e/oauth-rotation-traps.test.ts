/**
 * What a new user tripped on with OAuth: a rotated refresh token thrown away in silence, and
 * `refresh_token_updater: {}` over a flat config sending an empty refresh token.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, it } from "node:test";
import { stringify } from "yaml";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";
import { runCli } from "../support/run-cli.js";
import { authManifest } from "./auth-cli-support.js";

describe("OAuth refresh-token rotation traps", () => {
  let api: Loopback;
  let dir: string;
  let valid: Set<string>;
  let issued: number;
  const access = new Set<string>();
  before(async () => {
    api = await startLoopback();
    // Single-use refresh tokens: each works once and the answer carries the next one.
    api.route("/v1/oauth/token", (req, res) => {
      const presented = new URLSearchParams(req.body).get("refresh_token") ?? "";
      if (!valid.delete(presented)) return json(res, 400, { error: "invalid_grant" });
      issued++;
      valid.add(`rt-${issued + 1}`);
      access.add(`at-${issued}`);
      json(res, 200, { access_token: `at-${issued}`, refresh_token: `rt-${issued + 1}`, expires_in: 0 });
    });
    api.route("/v1/items", (req, res) => (access.has(String(req.headers.authorization).replace("Bearer ", "")) ? json(res, 200, { data: [{ id: 1 }] }) : json(res, 401, {})));
  });
  beforeEach(() => {
    valid = new Set(["rt-1"]);
    issued = 0;
    api.seen.length = 0;
    dir = mkdtempSync(join(tmpdir(), "sluice-rotation-"));
  });
  after(() => api.close());

  function flatOAuth(extra: Record<string, unknown> = {}): void {
    const authenticator = {
      type: "OAuthAuthenticator",
      token_refresh_endpoint: `${api.url}/v1/oauth/token`,
      client_id: "{{ config['client_id'] }}",
      client_secret: "{{ config['client_secret'] }}",
      refresh_token: "{{ config['refresh_token'] }}",
      ...extra,
    };
    const manifest = authManifest(authenticator, []) as { streams: Array<{ retriever: { requester: { path: string } } }> };
    manifest.streams[0]!.retriever.requester.path = "/v1/items";
    writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ base_url: api.url, client_id: "cid", client_secret: "cs-secret", refresh_token: "rt-1" }));
  }

  it("without refresh_token_updater, a rotated refresh token gets a warning on the first run naming refresh_token_updater", async () => {
    flatOAuth();
    const first = await runCli(["read", "--config", "config.json"], dir);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /returned a new refresh token, which is not saved[^\n]*refresh_token_updater/);
    assert.equal(first.stderr.match(/returned a new refresh token/g)?.length, 1, "warned once");
    assert.ok(!first.stderr.includes("rt-2") && !first.stdout.includes("rt-2"), "the new token is never printed");
    // What the warning foretells: the second run spends a token that is gone.
    const second = await runCli(["read", "--config", "config.json"], dir);
    assert.equal(second.code, 1);
    assert.match(second.stdout, /AUTH_INVALID_GRANT/);
  });

  it("refresh_token_updater: {} over a flat config fails before any request, naming the path and the one to set", async () => {
    flatOAuth({ refresh_token_updater: {} });
    const run = await runCli(["read", "--config", "config.json"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /AUTH_REFRESH_TOKEN_PATH_EMPTY/);
    assert.match(run.stdout, /config\.credentials\.refresh_token, which holds no value/);
    assert.match(run.stdout, /set refresh_token_config_path: \[refresh_token\]/);
    assert.deepEqual(api.seen, [], "nothing was sent: no empty refresh_token on the wire");
    assert.ok(!run.stdout.includes("rt-1"), "the token itself is not printed");

    const validate = await runCli(["validate", "--config", "config.json"], dir);
    assert.equal(validate.code, 1);
    assert.match(validate.stdout + validate.stderr, /manifest\.yaml:\d+:\d+ error definitions\.authenticator\.refresh_token_updater \[AUTH_REFRESH_TOKEN_PATH_EMPTY\]/);
  });

  it("the --auth oauth scaffold keeps a rotating API's connection alive across runs", async () => {
    const init = await runCli(["init", "rotating", "--auth", "oauth", "--pagination", "none", "--url", `${api.url}/v1`, "--path", "/items"], dir);
    assert.equal(init.code, 0, init.stderr);
    const folder = join(dir, "rotating");
    writeFileSync(join(folder, "secrets", "config.json"), JSON.stringify({ client_id: "cid", client_secret: "cs-secret", refresh_token: "rt-1" }));
    for (const run of [1, 2, 3]) {
      const read = await runCli(["read", "--config", "secrets/config.json"], folder);
      assert.equal(read.code, 0, `run ${run}: ${read.stderr}${read.stdout.slice(-500)}`);
      assert.ok(!read.stderr.includes("not saved"), `run ${run} warned: ${read.stderr}`);
    }
    assert.equal(JSON.parse(readFileSync(join(folder, "secrets", "config.json"), "utf8")).refresh_token, "rt-4");
  });
});
