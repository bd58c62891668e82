import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { createSluice, type Connector } from "../../core/index.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { demoConfig } from "../../examples/demo/demo-config.js";

const MANIFEST = fileURLToPath(new URL("../../examples/demo/manifest.yaml", import.meta.url));

describe("the demo connector's paginated streams against the demo API", () => {
  let api: DemoApi;
  let connector: Connector;
  before(async () => {
    api = await startDemoApi();
    connector = await createSluice({ logLevel: "error" }).connect({ path: MANIFEST, config: demoConfig(api.url) });
  });
  after(() => api.close());

  for (const [stream, pages] of [["users", 3], ["orders", 3], ["search_users", 3], ["repos", 3]] as const) {
    it(`${stream} reads all 57 users once each, in ${pages} pages`, async () => {
      const ids: unknown[] = [];
      let pageCount = 0;
      for await (const record of connector.read(stream, { onPage: () => void pageCount++ })) ids.push(record.id);
      assert.equal(ids.length, 57);
      assert.equal(new Set(ids).size, 57);
      assert.equal(pageCount, pages);
    });
  }
});
