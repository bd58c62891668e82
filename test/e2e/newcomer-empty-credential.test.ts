/**
 * A template reading a config key that neither the spec nor the config has: `config['secretkey']` for
 * `secret_key` rendered empty and sent `Basic ****` with exit 0 from `validate`. Now `validate` warns
 * with the nearest key, and the empty credential fails before any request.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";
import { runCli } from "../support/run-cli.js";

/** One stream `charges` at `${url}/v1/charges`, authenticated by `authenticator` (Stripe's key as the Basic username). */
function chargesManifest(url: string, authenticator: Record<string, unknown>, spec?: Record<string, unknown>): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["charges"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "charges",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: url, path: "/v1/charges", authenticator },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
        },
        schema_loader: { type: "InlineSchemaLoader", schema: {} },
      },
    ],
    ...(spec ? { spec } : {}),
  };
}

describe("a credential template reading a misspelled config key", () => {
  let api: Loopback;
  let dir: string;
  before(async () => {
    api = await startLoopback();
    api.route("/v1/charges", (_req, res) => json(res, 200, { data: [{ id: "ch_1" }] }));
    dir = mkdtempSync(join(tmpdir(), "sluice-empty-credential-"));
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function write(username: string): void {
    const spec = { type: "Spec", connection_specification: { type: "object", required: ["secret_key"], properties: { secret_key: { type: "string", airbyte_secret: true } } } };
    const manifest = chargesManifest(api.url, { type: "BasicHttpAuthenticator", username }, spec);
    writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ secret_key: "sk_test_123" }));
  }

  it("validate warns about the undeclared key with the nearest declared one, and fails on the empty credential", async () => {
    write("{{ config['secretkey'] }}");
    const run = await runCli(["validate", "--config", "config.json"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /warning streams\[0\]\.retriever\.requester\.authenticator\.username \[CONFIG_KEY_UNDECLARED\]\n {2}reads config\['secretkey'\], which the spec does not declare \(did you mean 'secret_key'\?\)/);
    assert.match(run.stdout, /error streams\[0\]\.retriever\.requester\.authenticator\.username \[AUTH_CREDENTIAL_EMPTY\]\n {2}BasicHttpAuthenticator\.username rendered empty .*config\['secretkey'\], which the config does not have/);
    assert.ok(!run.stdout.includes("sk_test_123"));
  });

  it("read fails before any request, with the warning first and no credential printed", async () => {
    write("{{ config['secretkey'] }}");
    api.seen.length = 0;
    const run = await runCli(["read", "--config", "config.json"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /did you mean 'secret_key'/);
    assert.match(run.stdout, /AUTH_CREDENTIAL_EMPTY/);
    assert.deepEqual(api.seen, [], "no request with an empty username went out");
    assert.ok(!(run.stdout + run.stderr).includes("sk_test_123"));
  });

  it("the right key reads, with no warning; an empty password is allowed (Basic)", async () => {
    write("{{ config['secret_key'] }}");
    const run = await runCli(["read", "--config", "config.json"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(!run.stderr.includes("does not declare"), run.stderr);
    assert.equal(api.seen.at(-1)?.headers.authorization, `Basic ${Buffer.from("sk_test_123:").toString("base64")}`);
  });

  it("a template with its own fallback may render empty (an optional key, on purpose)", async () => {
    write("{{ config.get('api_user', '') }}");
    const run = await runCli(["read", "--config", "config.json"], dir);
    assert.equal(run.code, 0, run.stdout.slice(-400));
    assert.equal(api.seen.at(-1)?.headers.authorization, `Basic ${Buffer.from(":").toString("base64")}`);
  });
});

describe("a 401 names the config values the credentials came from", () => {
  it("Basic: the username's and password's config keys, never their values", async () => {
    const api = await startLoopback();
    api.route("/v1/charges", (_req, res) => json(res, 401, { error: "invalid api key" }));
    const dir = mkdtempSync(join(tmpdir(), "sluice-401-"));
    try {
      const manifest = chargesManifest(api.url, { type: "BasicHttpAuthenticator", username: "{{ config['secret_key'] }}", password: "{{ config.get('password', '') }}" });
      writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
      writeFileSync(join(dir, "config.json"), JSON.stringify({ secret_key: "sk_test_wrong" }));
      const run = await runCli(["read", "--config", "config.json"], dir);
      assert.equal(run.code, 1);
      const error = run.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line)).find((m) => m.trace?.type === "ERROR");
      assert.match(error.trace.error.message, /answered 401: .*; the authenticator's credentials come from config\['secret_key'\], config\['password'\]: check them/);
      assert.ok(!run.stdout.includes("sk_test_wrong"));
    } finally {
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
