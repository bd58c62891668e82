import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { schemaDifferences } from "../../../core/schema/schema-differences.js";

describe("differences between records and a declared schema", () => {
  it("flags a field the declaration lacks and a declared type a value contradicts", () => {
    const declared = { type: "object", properties: { id: { type: "string" }, amount: { type: ["number", "null"] } } };
    assert.deepEqual(schemaDifferences([{ id: 1, amount: 2.5, name: "Ada" }, { id: 2, amount: null }], declared), [
      { path: "id", kind: "type", declared: ["string"], found: ["integer"] },
      { path: "name", kind: "missing", found: ["string"] },
    ]);
  });

  it("lets an integer fit a declared number, and a null fit a nullable type", () => {
    const declared = { type: "object", properties: { n: { type: ["number", "null"] } } };
    assert.deepEqual(schemaDifferences([{ n: 1 }, { n: null }, { n: 1.5 }], declared), []);
  });

  it("flags a float under a declared integer", () => {
    assert.deepEqual(schemaDifferences([{ n: 1.5 }], { properties: { n: { type: "integer" } } }), [{ path: "n", kind: "type", declared: ["integer"], found: ["number"] }]);
  });

  it("names nested fields and array items by their place, and a missing object once", () => {
    const declared = { type: "object", properties: { lines: { type: "array", items: { type: "object", properties: { sku: { type: "string" } } } } } };
    const records = [{ lines: [{ sku: "a", qty: 2 }], customer: { address: { city: "Oslo" } } }];
    assert.deepEqual(schemaDifferences(records, declared), [
      { path: "lines[].qty", kind: "missing", found: ["integer"] },
      { path: "customer", kind: "missing", found: ["object"] },
    ]);
  });

  it("flags every field of a declaration that declares none", () => {
    assert.deepEqual(schemaDifferences([{ a: 1 }], { type: "object", additionalProperties: true }).map((d) => d.path), ["a"]);
  });

  it("does not judge a place declared through anyOf", () => {
    assert.deepEqual(schemaDifferences([{ v: { x: 1 } }], { properties: { v: { anyOf: [{ type: "string" }, { type: "object" }] } } }), []);
  });
});
