import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { DEMO_REPORTS } from "../../examples/demo-api/routes/custom.js";
import { demoConfig } from "../../examples/demo/demo-config.js";
import { readReports, reportsManifest } from "../../examples/embed/embed.js";

describe("a host plugin and a host fetch implementation (examples/embed)", () => {
  let api: DemoApi;
  before(async () => {
    api = await startDemoApi();
  });
  after(() => api.close());

  it("a manifest uses the plugin's type directly, the host's fetch carries every request, and stopping early fetches no further page", async () => {
    const { records, fetched } = await readReports(demoConfig(api.url), 4);
    assert.deepEqual(records, DEMO_REPORTS.slice(0, 4));
    assert.deepEqual(fetched.map((url) => new URL(url).search), ["?page=0", "?page=1"]);
  });

  it("reading to the end follows the plugin's strategy to the last page", async () => {
    const { records, fetched } = await readReports(demoConfig(api.url), 100);
    assert.deepEqual(records, DEMO_REPORTS);
    assert.equal(fetched.length, 3);
  });

  it("without the plugin the same manifest names an unknown type", async () => {
    await assert.rejects(createSluice({ logLevel: "error" }).connect({ manifest: reportsManifest(), config: demoConfig(api.url) }), { code: "MANIFEST_UNKNOWN_TYPE" });
  });
});
