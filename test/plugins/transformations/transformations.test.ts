import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createSluice } from "../../../core/index.js";
import { deletePath, setPath } from "../../../python/dpath.js";
import { type Loopback, startLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

let server: Loopback;
before(async () => {
  server = await startLoopback(() => ({
    body: { data: [{ id: 1, name: "Ada", _links: { self: "/1" }, profile: { password_hash: "x", city: "Paris" } }, { id: 2, name: "Bob", profile: { password_hash: "y" } }] },
  }));
});
after(() => server.close());

async function read(transformations: unknown[], config: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  const manifest = oneStreamManifest({ urlBase: server.url });
  (manifest.streams as Record<string, unknown>[])[0]!.transformations = transformations;
  const connector = await createSluice({ logLevel: "error" }).connect({ manifest, config });
  const records: Record<string, unknown>[] = [];
  for await (const record of connector.read("items")) records.push(record);
  return records;
}

test("AddFields adds values from config, record and constants, nested paths created", async () => {
  const records = await read([
    {
      type: "AddFields",
      fields: [
        { path: ["shop"], value: "{{ config['shop'] }}" },
        { path: ["meta", "upper"], value: "{{ record['name'] | upper }}" },
        { type: "AddedFieldDefinition", path: ["twice"], value: "{{ record.id * 2 }}" },
      ],
    },
  ], { shop: "acme" });
  assert.deepEqual(records.map((r) => [r.shop, r.meta, r.twice]), [["acme", { upper: "ADA" }, 2], ["acme", { upper: "BOB" }, 4]]);
});

test("AddFields value_type string keeps a numeric-looking value as text", async () => {
  const records = await read([{ type: "AddFields", fields: [{ path: ["code"], value: "{{ record.id }}", value_type: "string" }] }]);
  assert.deepEqual(records.map((r) => r.code), ["1", "2"]);
});

test("AddFields with a condition adds only where it holds", async () => {
  const records = await read([{ type: "AddFields", condition: "{{ record.id == 2 }}", fields: [{ path: ["flag"], value: "yes" }] }]);
  assert.deepEqual(records.map((r) => r.flag), [undefined, "yes"]);
});

test("RemoveFields deletes plain and glob paths, missing paths are fine, transformations run in order", async () => {
  const records = await read([
    { type: "RemoveFields", field_pointers: [["_links"], ["**", "password_hash"], ["nope", "x"]] },
    { type: "AddFields", fields: [{ path: ["had_links"], value: "{{ '_links' in record }}" }] },
  ]);
  assert.deepEqual(records, [
    { id: 1, name: "Ada", profile: { city: "Paris" }, had_links: false },
    { id: 2, name: "Bob", profile: {}, had_links: false },
  ]);
});

test("RemoveFields with a condition removes only matching values", async () => {
  const records = await read([{ type: "RemoveFields", condition: "{{ property == 'Ada' }}", field_pointers: [["name"]] }]);
  assert.deepEqual(records.map((r) => r.name), [undefined, "Bob"]);
});

test("path helpers: setPath replaces non-objects on the way; deletePath handles * over lists", () => {
  const record: Record<string, unknown> = { a: 1 };
  setPath(record, ["a", "b"], 2);
  assert.deepEqual(record, { a: { b: 2 } });
  const withList = { items: [{ x: 1, y: 2 }, { x: 3 }] };
  deletePath(withList, ["items", "*", "x"]);
  assert.deepEqual(withList, { items: [{ y: 2 }, {}] });
});
