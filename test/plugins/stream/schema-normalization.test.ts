import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

// An API that sends numbers as text, a scalar where the schema says list, and a nested object.
const ROW = {
  id: "12",
  price: "9.50",
  big: "9007199254740993",
  count: 3.9,
  active: "yes",
  code: 42,
  label: null,
  tags: "a",
  keep: "not a number",
  choice: "7",
  nested: { when: 1700000000, items: [{ n: "1" }, { n: "x" }] },
};
const SCHEMA = {
  type: "object",
  properties: {
    id: { type: "integer" },
    price: { type: ["null", "number"] },
    big: { type: "integer" },
    count: { type: "integer" },
    active: { type: "boolean" },
    code: { type: "string" },
    label: { type: ["null", "string"] },
    tags: { type: "array" },
    keep: { type: "integer" },
    choice: { type: ["integer", "string"] },
    nested: { type: "object", properties: { when: { type: "string" }, items: { type: "array", items: { type: "object", properties: { n: { type: ["null", "integer"] } } } } } },
  },
};

describe("schema_normalization: Default (the kit's TypeTransformer)", () => {
  const api = useLoopback(() => ({ body: { data: [structuredClone(ROW)] } }));
  const read = async (normalization: string, transformations?: unknown[]) => {
    const manifest = oneStreamManifest({ urlBase: api.url, fieldPath: [], transformations, stream: { schema_loader: { type: "InlineSchemaLoader", schema: SCHEMA } }, retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, schema_normalization: normalization } } });
    const { records, error } = await readStream(manifest);
    assert.equal(error, undefined, String(error));
    return records[0]!;
  };

  it("casts each value to the one type its schema names, with Python's conversions", async () => {
    const record = await read("Default");
    assert.equal(record.id, 12);
    assert.equal(record.price, 9.5);
    assert.equal(record.big, 9007199254740993n, "an integer past 2^53 stays exact");
    assert.equal(record.count, 3, "int(3.9)");
    assert.equal(record.active, true, "strtobool('yes')");
    assert.equal(record.code, "42");
    assert.equal(record.label, null);
    assert.deepEqual(record.tags, ["a"]);
    assert.equal(record.keep, "not a number", "a value that does not convert stays");
    assert.equal(record.choice, "7", "two types: no conversion");
    assert.deepEqual(record.nested, { when: "1700000000", items: [{ n: 1 }, { n: "x" }] }, "nested properties and list items");
  });

  it("casts after the stream's transformations, and not at all with None", async () => {
    const added = await read("Default", [{ type: "AddFields", fields: [{ path: ["id"], value: "{{ '77' }}", value_type: "string" }] }]);
    assert.equal(added.id, 77);
    const none = await read("None");
    assert.deepEqual(none, ROW);
  });
});

describe("normalizeRecord", () => {
  it("follows a $ref of the schema (a schema file's definitions) and does not walk anyOf", async () => {
    const { normalizeRecord } = await import("../../../plugins/stream/schema-normalization.js");
    const record = { a: { n: "5" }, b: "6" };
    normalizeRecord(record, { definitions: { n: { type: "object", properties: { n: { type: "integer" } } } }, properties: { a: { $ref: "#/definitions/n" }, b: { anyOf: [{ type: "integer" }] } } });
    assert.deepEqual(record, { a: { n: 5 }, b: "6" });
  });
});
