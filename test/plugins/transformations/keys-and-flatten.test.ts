import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { loadAnyAscii, snakeCase } from "../../../plugins/transformations/keys-to-snake-case.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

let server: Loopback;
let body: unknown = { data: [] };
before(async () => {
  server = await startLoopback(() => ({ body }));
});
after(() => server.close());

/** Reads the records `data` served by the loopback API through the real engine with `transformations`. */
async function transformed(data: unknown[], transformations: unknown[], config: Record<string, unknown> = {}): Promise<Record<string, unknown>[]> {
  body = { data };
  const manifest = oneStreamManifest({ urlBase: server.url });
  (manifest.streams as Record<string, unknown>[])[0]!.transformations = transformations;
  const { records, error } = await readStream(manifest, { config });
  if (error) throw error;
  return records;
}

/** Keys with their values, in order: the kit's key order is part of what it emits. */
const entries = (records: Record<string, unknown>[]) => records.map((r) => Object.entries(r));

describe("KeysToLower", () => {
  it("lower-cases top-level keys only (SendGrid contacts)", async () => {
    const records = await transformed([{ EMAIL: "a@example.com", First_Name: "Ada", Custom: { Nested: 1 } }], [{ type: "KeysToLower" }]);
    assert.deepEqual(records, [{ email: "a@example.com", first_name: "Ada", custom: { Nested: 1 } }]);
  });
});

describe("KeysToSnakeCase", () => {
  it("follows the kit's tokenisation (expected values produced by the kit's rules)", async () => {
    const expected: Record<string, string> = {
      createdAt: "created_at", HTTPResponse: "httpresponse", "user ID": "user_id", _links: "_links", "2fa enabled": "_2_fa_enabled",
      __a__b__: "_a_b_", a: "a", "": "", ABC: "abc", someValue123abc: "some_value_123_abc", "x-y_z": "x_y_z",
      CamelCaseKEY: "camel_case_key", "  lead": "_lead", "trail  ": "trail_", v2Api: "v_2_api", "a.b.c": "a_b_c",
    };
    const transliterate = await loadAnyAscii();
    for (const [key, snake] of Object.entries(expected)) assert.equal(snakeCase(key, transliterate), snake, key);
  });
  it("transliterates to ASCII first, and renames nested object keys but not inside lists", async () => {
    const records = await transformed([{ "Straße Köln": 1, userInfo: { firstName: "Ada", tagList: [{ tagName: "x" }] } }], [{ type: "KeysToSnakeCase" }]);
    assert.deepEqual(records, [{ strasse_koln: 1, user_info: { first_name: "Ada", tag_list: [{ tagName: "x" }] } }]);
  });
});

describe("KeysReplace", () => {
  it("replaces in every key, nested objects too (Airtable column titles)", async () => {
    const records = await transformed([{ "Created time": 1, "Customer ID": { "Billing address": "x" }, "list of": [{ "a b": 1 }] }], [{ type: "KeysReplace", old: " ", new: "_" }]);
    assert.deepEqual(records, [{ Created_time: 1, Customer_ID: { Billing_address: "x" }, list_of: [{ "a b": 1 }] }]);
  });
  it("takes templates over config and record", async () => {
    const records = await transformed([{ id: "x", "x-count": 2 }], [{ type: "KeysReplace", old: "{{ record.id }}-", new: "{{ config.prefix }}" }], { prefix: "n_" });
    assert.deepEqual(records, [{ id: "x", n_count: 2 }]);
  });
});

describe("FlattenFields", () => {
  const nested = { a: { b: 1, c: { a: 2 } }, b: 3, l: [{ x: 1 }, [2, 3]], e: {}, n: null };
  it("flattens as the kit does, key names and order included", async () => {
    const records = await transformed([{ id: 1, address: { city: "Paris" }, tags: ["a", "b"] }, nested], [{ type: "FlattenFields" }]);
    assert.deepEqual(entries(records), [
      [["tags.1", "b"], ["tags.0", "a"], ["address.city", "Paris"], ["id", 1]],
      [["n", null], ["l.1.1", 3], ["l.1.0", 2], ["l.0.x", 1], ["b", 3], ["a.c.a", 2], ["a.b", 1]],
    ]);
  });
  it("keeps lists with flatten_lists: false", async () => {
    const records = await transformed([{ id: 1, address: { city: "Paris" }, tags: ["a", "b"] }, nested], [{ type: "FlattenFields", flatten_lists: false }]);
    assert.deepEqual(entries(records), [
      [["tags", ["a", "b"]], ["city", "Paris"], ["id", 1]],
      [["n", null], ["l", [{ x: 1 }, [2, 3]]], ["b", 3], ["a", 2], ["a.b", 1]],
    ]);
  });
});

describe("DpathFlattenFields", () => {
  const airtable = () => ({ id: "rec1", createdTime: "2024-01-01", fields: { Name: "Ada", Score: 3 } });
  it("lifts the object to the top and deletes the origin (Airtable records)", async () => {
    const records = await transformed([airtable()], [{ type: "DpathFlattenFields", field_path: ["fields"], delete_origin_value: true }]);
    assert.deepEqual(records, [{ id: "rec1", createdTime: "2024-01-01", Name: "Ada", Score: 3 }]);
  });
  it("keeps the origin by default, and changes nothing when a key would collide", async () => {
    const kept = await transformed([airtable()], [{ type: "DpathFlattenFields", field_path: ["fields"] }]);
    assert.deepEqual(kept, [{ ...airtable(), Name: "Ada", Score: 3 }]);
    const collision = await transformed([{ ...airtable(), Name: "top" }], [{ type: "DpathFlattenFields", field_path: ["fields"], delete_origin_value: true }]);
    assert.deepEqual(collision, [{ ...airtable(), Name: "top" }]);
  });
  it("replace_record makes the object the record; key_transformation adds prefix and suffix", async () => {
    const records = await transformed([airtable()], [{ type: "DpathFlattenFields", field_path: ["fields"], replace_record: true, key_transformation: { type: "KeyTransformation", prefix: "{{ config.p }}", suffix: "_x" } }], { p: "f_" });
    assert.deepEqual(records, [{ f_Name_x: "Ada", f_Score_x: 3 }]);
  });
  it("a * segment takes the first match; a path that finds no object changes nothing", async () => {
    const records = await transformed([{ items: [{ meta: { a: 1 } }, { meta: { b: 2 } }] }, { other: 1 }], [{ type: "DpathFlattenFields", field_path: ["items", "*", "meta"] }]);
    assert.deepEqual(records, [{ items: [{ meta: { a: 1 } }, { meta: { b: 2 } }], a: 1 }, { other: 1 }]);
  });
});
