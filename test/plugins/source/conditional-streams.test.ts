import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";

// A production API (/users) with a sandbox-only endpoint (/sandbox_events).
describe("ConditionalStreams", () => {
  const api = useLoopback((req) => ({ body: [{ id: 1, from: req.url.pathname }] }));
  const manifest = () => sourceDef([
    streamDef({ name: "users", urlBase: api.url, path: "/users" }),
    { type: "ConditionalStreams", condition: "{{ config['is_sandbox'] }}", streams: [streamDef({ name: "sandbox_events", urlBase: api.url, path: "/sandbox_events" })] },
  ]);

  it("has its streams when the condition holds on the config, and reads them", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: { is_sandbox: true } });
    assert.deepEqual(connector.streamNames, ["users", "sandbox_events"]);
    const records = [];
    for await (const record of connector.read("sandbox_events")) records.push(record);
    assert.deepEqual(records, [{ id: 1, from: "/sandbox_events" }]);
  });

  it("leaves them out when the condition is false (False, 0, empty), so reading one is an unknown stream", async () => {
    for (const value of [false, 0, ""]) {
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(), config: { is_sandbox: value } });
      assert.deepEqual(connector.streamNames, ["users"], `is_sandbox: ${JSON.stringify(value)}`);
      assert.throws(() => connector.stream("sandbox_events"), (error: unknown) => error instanceof SluiceError && /sandbox_events/.test(error.message));
    }
  });

  it("is a stream entry the manifest validates, and the definition names its streams", async () => {
    const definition = await createSluice({ logLevel: "error" }).define({ manifest: manifest() });
    assert.deepEqual(definition.streamNames, ["users", "sandbox_events"]);
  });
});
