import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { createSluice } from "../../core/index.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { demoConfig } from "../../examples/demo/demo-config.js";

let api: DemoApi;
before(async () => {
  api = await startDemoApi();
});
after(() => api.close());

const manifest = join(import.meta.dirname, "..", "..", "examples", "demo", "manifest.yaml");

test("the demo connector reads every authentication method of the demo API", async () => {
  const connector = await createSluice({ logLevel: "error" }).connect({ path: manifest, config: demoConfig(api.url) });
  for (const stream of ["auth_basic", "auth_bearer", "auth_api_key", "auth_jwt", "auth_oauth", "auth_session"]) {
    const records = [];
    for await (const record of connector.read(stream)) records.push(record);
    assert.equal(records.length, 3, stream);
  }
});

test("the demo API refuses a wrong credential for each method", async () => {
  const config = demoConfig(api.url);
  for (const [stream, key] of [["auth_basic", "basic_password"], ["auth_bearer", "bearer_token"], ["auth_api_key", "query_api_key"], ["auth_jwt", "jwt_secret"], ["auth_oauth", "oauth_client_secret"], ["auth_session", "session_password"]] as const) {
    const connector = await createSluice({ logLevel: "error" }).connect({ path: manifest, config: { ...config, [key]: "wrong-value-000" } });
    await assert.rejects(async () => {
      for await (const _ of connector.read(stream)) break;
    }, /40[01]/, stream);
  }
});
