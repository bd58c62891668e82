import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "../../core/loader/temp-connector.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

// Schema loaders need no request: the schema is read when discover asks for it.
let folder: TempConnector;
before(async () => {
  folder = await tempConnector({
    "schemas/items.json": JSON.stringify({ type: "object", properties: { id: { type: "integer" } } }),
    "schemas/orders.json": JSON.stringify({ type: "object", title: "orders" }),
    "schemas/shared.json": JSON.stringify({ title: "kit-style path" }),
  });
});
after(() => folder?.remove());

async function schemaOf(stream: Record<string, unknown>, name = "items"): Promise<unknown> {
  const file = join(folder.dir, `manifest-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(oneStreamManifest({ urlBase: "http://127.0.0.1:9", name, stream })));
  const connector = await createSluice({ logLevel: "error" }).connect({ path: file });
  return connector.streams.find((s) => s.name === name)!.jsonSchema();
}

describe("InlineSchemaLoader", () => {
  it("gives the schema written in the manifest", async () => {
    assert.deepEqual(await schemaOf({ schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", title: "inline" } } }), { type: "object", title: "inline" });
  });
});

describe("JsonFileSchemaLoader", () => {
  it("reads schemas/<stream name>.json beside the manifest by default", async () => {
    assert.deepEqual(await schemaOf({ schema_loader: { type: "JsonFileSchemaLoader" } }, "orders"), { type: "object", title: "orders" });
  });

  it("reads file_path relative to the connector folder, dropping the kit's ./source_<name>/ prefix", async () => {
    assert.deepEqual(await schemaOf({ schema_loader: { type: "JsonFileSchemaLoader", file_path: "./schemas/items.json" } }), { type: "object", properties: { id: { type: "integer" } } });
    assert.deepEqual(await schemaOf({ schema_loader: { type: "JsonFileSchemaLoader", file_path: "./source_shop/schemas/shared.json" } }), { title: "kit-style path" });
  });

  it("fails with SCHEMA_NOT_FOUND naming the file when it cannot be read", async () => {
    await assert.rejects(schemaOf({ schema_loader: { type: "JsonFileSchemaLoader", file_path: "./schemas/missing.json" } }), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "SCHEMA_NOT_FOUND");
      assert.match(String(error.where.file), /schemas[\\/]missing\.json$/);
      return true;
    });
  });
});
