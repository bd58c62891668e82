import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { CustomCodeError, SluiceError, type DataRecord } from "../../sdk/index.js";
import { startLoopback, type Loopback } from "../support/loopback.js";

describe("plugins listed in a connector's Sluice config file", () => {
  let api: Loopback;
  let dir: string;
  before(async () => {
    api = await startLoopback(() => ({ body: { rows: [["a", 1], ["b", 2]] } }));
    dir = mkdtempSync(join(tmpdir(), "sluice-plugins-"));
    writeFileSync(join(dir, ".sluicerc.yaml"), "manifest: ./manifest.yaml\nplugins: [./rows-plugin.ts]\n");
    writeFileSync(
      join(dir, "rows-plugin.ts"),
      `import { definePlugin, type ComponentFactory, type RecordExtractor, type HttpResponse } from "sluice/sdk";
const RowsExtractor: ComponentFactory<RecordExtractor> = {
  type: "RowsExtractor",
  kind: "extractor",
  schema: { type: "object", required: ["columns"], properties: { columns: { type: "array", items: { type: "string" } } } },
  build: (def) => ({
    *extract(response: HttpResponse) {
      const columns = def.columns as string[];
      for (const row of (response.json() as { rows: unknown[][] }).rows) yield Object.fromEntries(columns.map((c, i) => [c, row[i]]));
    },
  }),
};
export default definePlugin({ name: "test:rows", register(ctx) { ctx.registerComponent(RowsExtractor); } });
`,
    );
    writeFileSync(
      join(dir, "manifest.yaml"),
      `version: 6.0.0
streams:
  - type: DeclarativeStream
    name: rows
    retriever:
      type: SimpleRetriever
      requester: { type: HttpRequester, url_base: "${api.url}", path: /rows }
      record_selector: { type: RecordSelector, extractor: { type: RowsExtractor, columns: [name, count] } }
`,
    );
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("registers the plugin's component type for that connector, so the manifest can use it", async () => {
    const connector = await createSluice().connect({ searchFrom: dir });
    const records: DataRecord[] = [];
    for await (const record of connector.read("rows")) records.push(record);
    assert.deepEqual(records, [{ name: "a", count: 1 }, { name: "b", count: 2 }]);
  });

  it("keeps the plugin's types out of the host's other connectors", async () => {
    const sluice = createSluice();
    await sluice.define({ searchFrom: dir });
    assert.equal(sluice.registry.find("RowsExtractor"), undefined);
  });

  it("refuses the config file's plugins when the host does not trust custom code, before any request", async () => {
    const before = api.requests.length;
    const error = await createSluice({ trustCustomCode: false }).connect({ searchFrom: dir }).catch((e: unknown) => e);
    assert.ok(error instanceof SluiceError);
    assert.ok(error instanceof CustomCodeError, `got ${String(error)}`);
    assert.equal(api.requests.length, before);
  });
});
