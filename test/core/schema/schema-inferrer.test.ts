import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { inferSchema } from "../../../core/schema/schema-inferrer.js";

/** The kit's own vectors (airbyte_cdk's unit_tests/utils/test_schema_inferrer.py, test_schema_derivation): records in, properties out. */
const KIT_VECTORS: Array<{ name: string; records: Array<Record<string, unknown>>; properties: Record<string, unknown> }> = [
  { name: "basic", records: [{ field_A: "abc" }, { field_A: "def" }], properties: { field_A: { type: ["string", "null"] } } },
  { name: "deriving schema refine", records: [{ field_A: 1.5 }, { field_A: "abc" }], properties: { field_A: { type: ["number", "string", "null"] } } },
  {
    name: "nested structures",
    records: [{ obj: { data: [1.5, 2.5, 3.5] } }, { obj: { other_key: "xyz" } }],
    properties: { obj: { type: ["object", "null"], properties: { data: { type: ["array", "null"], items: { type: ["number", "null"] } }, other_key: { type: ["string", "null"] } } } },
  },
  { name: "integer number", records: [{ field_A: 1 }, { field_A: 2 }], properties: { field_A: { type: ["number", "null"] } } },
  { name: "null", records: [{ field_A: null }], properties: {} },
  { name: "null optional", records: [{ field_A: null }, { field_A: "abc" }], properties: { field_A: { type: ["string", "null"] } } },
  { name: "any of", records: [{ field_A: null }, { field_A: { nested: "abc" } }], properties: { field_A: { type: ["object", "null"], properties: { nested: { type: ["string", "null"] } } } } },
  { name: "any of with null", records: [{ field_A: null }, { field_A: { nested: "abc", nully: null } }], properties: { field_A: { type: ["object", "null"], properties: { nested: { type: ["string", "null"] } } } } },
  {
    name: "any of with null union",
    records: [{ field_A: null }, { field_A: { nested: "abc", nully: null } }, { field_A: { nested: "abc", nully: "a string" } }],
    properties: { field_A: { type: ["object", "null"], properties: { nested: { type: ["string", "null"] }, nully: { type: ["string", "null"] } } } },
  },
  {
    name: "any of with null union, changed order",
    records: [{ field_A: { nested: "abc", nully: "a string" } }, { field_A: null }, { field_A: { nested: "abc", nully: null } }],
    properties: { field_A: { type: ["object", "null"], properties: { nested: { type: ["string", "null"] }, nully: { type: ["string", "null"] } } } },
  },
  { name: "nested null", records: [{ field_A: "abc", nested: { field_B: null } }], properties: { field_A: { type: ["string", "null"] }, nested: { type: ["object", "null"], properties: {} } } },
  {
    name: "array nested null",
    records: [{ field_A: "abc", nested: [{ field_B: null, field_C: "abc" }] }],
    properties: { field_A: { type: ["string", "null"] }, nested: { type: ["array", "null"], items: { type: ["object", "null"], properties: { field_C: { type: ["string", "null"] } } } } },
  },
  {
    name: "array top level null",
    records: [{ field_A: "abc", nested: null }, { field_A: "abc", nested: [{ field_B: null, field_C: "abc" }] }],
    properties: { field_A: { type: ["string", "null"] }, nested: { type: ["array", "null"], items: { type: ["object", "null"], properties: { field_C: { type: ["string", "null"] } } } } },
  },
  {
    name: "data with nested arrays",
    records: [
      {
        root_property_object: {
          property_array: [
            { title: "Nested_1", type: "multi-value", value: ["XL"] },
            { title: "Nested_2", type: "location", value: { nested_key_1: "GB", nested_key_2: "United Kingdom" } },
          ],
        },
      },
    ],
    properties: {
      root_property_object: {
        type: ["object", "null"],
        properties: {
          property_array: {
            type: ["array", "null"],
            items: {
              type: ["object", "null"],
              properties: {
                title: { type: ["string", "null"] },
                type: { type: ["string", "null"] },
                value: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "object", properties: { nested_key_1: { type: "string" }, nested_key_2: { type: "string" } } }] },
              },
            },
          },
        },
      },
    },
  },
];

describe("schema inference in the kit's shape", () => {
  for (const vector of KIT_VECTORS) {
    it(`gives the kit's schema for its vector '${vector.name}'`, () => {
      assert.deepEqual(inferSchema(vector.records), { $schema: "http://json-schema.org/schema#", type: "object", properties: vector.properties });
    });
  }

  it("writes the keys in the kit's order: $schema, type, properties, and each property's type before its properties", () => {
    const text = JSON.stringify(inferSchema([{ a: { b: 1 } }]));
    assert.equal(text, '{"$schema":"http://json-schema.org/schema#","type":"object","properties":{"a":{"type":["object","null"],"properties":{"b":{"type":["number","null"]}}}}}');
  });

  it("keeps booleans apart from numbers and sorts several scalar kinds before null", () => {
    assert.deepEqual(inferSchema([{ x: true }, { x: 3 }, { x: null }, { x: "s" }])!.properties, { x: { type: ["boolean", "number", "string", "null"] } });
  });

  it("gives an empty array no items and an empty object no properties, as genson does", () => {
    assert.deepEqual(inferSchema([{ tags: [], meta: {} }])!.properties, { tags: { type: ["array", "null"] }, meta: { type: ["object", "null"] } });
  });

  it("has no schema for no records", () => {
    assert.equal(inferSchema([]), undefined);
  });

  it("never writes required", () => {
    assert.ok(!JSON.stringify(inferSchema([{ id: 1, nested: { a: "x" }, list: [{ b: 2 }] }])).includes("required"));
  });

  describe("date-time formats (an option)", () => {
    it("marks a field whose every value is a date-time, nulls allowed", () => {
      const schema = inferSchema([{ at: "2024-01-31T12:00:00Z" }, { at: null }, { at: "2024-02-01 08:30:00.123+02:00" }], { dateTimeFormats: true });
      assert.deepEqual(schema!.properties, { at: { type: ["string", "null"], format: "date-time" } });
    });

    it("leaves a field alone when one value is not a date-time", () => {
      const schema = inferSchema([{ at: "2024-01-31T12:00:00Z" }, { at: "yesterday" }], { dateTimeFormats: true });
      assert.deepEqual(schema!.properties, { at: { type: ["string", "null"] } });
    });

    it("leaves an impossible date and a date without a time alone", () => {
      const schema = inferSchema([{ a: "2024-02-31T25:00:00Z", b: "2024-01-31" }], { dateTimeFormats: true });
      assert.deepEqual(schema!.properties, { a: { type: ["string", "null"] }, b: { type: ["string", "null"] } });
    });

    it("is off by default (the kit's shape)", () => {
      assert.deepEqual(inferSchema([{ at: "2024-01-31T12:00:00Z" }])!.properties, { at: { type: ["string", "null"] } });
    });
  });
});
