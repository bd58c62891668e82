import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { createSluice } from "../../core/index.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { DEMO_REPORTS } from "../../examples/demo-api/routes/custom.js";
import { demoConfig } from "../../examples/demo/demo-config.js";

const manifest = fileURLToPath(new URL("../../examples/custom-strategy/manifest.yaml", import.meta.url));

describe("examples/custom-strategy", () => {
  let api: DemoApi;
  before(async () => {
    api = await startDemoApi();
  });
  after(() => api.close());

  it("reads every report of the demo API through its TypeScript strategy, pages 0 to total_pages - 1", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ path: manifest, config: demoConfig(api.url) });
    const urls: string[] = [];
    const records = [];
    for await (const record of connector.read("reports", { onPage: (page) => urls.push(new URL(page.url).search) })) records.push(record);
    assert.deepEqual(records, DEMO_REPORTS);
    assert.deepEqual(urls, ["?page=0", "?page=1", "?page=2"]);
  });

  it("is refused by a host that does not trust custom code", async () => {
    await assert.rejects(createSluice({ logLevel: "error", trustCustomCode: false }).connect({ path: manifest, config: demoConfig(api.url) }), { code: "CUSTOM_CODE_REFUSED" });
  });
});

describe("a custom strategy's stop in a test read", () => {
  it("is explained with the manifest's class_name, not an internal adapter", async () => {
    const api = await startDemoApi();
    try {
      const { testRead } = await import("../../core/test-read/test-read.js");
      const document = await testRead(createSluice({ logLevel: "error" }), { path: manifest, config: demoConfig(api.url), streams: ["reports"] });
      const pages = document.streams[0]!.slices.flatMap((slice) => slice.pages);
      assert.equal(pages.at(-1)!.stop_reason, "source_reports.components.TotalPagesFromZero returned no next token");
      assert.ok(!JSON.stringify(document).includes("Adapter"), "no adapter name anywhere in the test read");
    } finally {
      await api.close();
    }
  });
});
