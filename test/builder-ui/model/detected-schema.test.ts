import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { writeInlineSchema } from "../../../builder-ui/model/detected-schema.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { errorTarget } from "../../../builder-ui/model/error-target.js";

const SCHEMA = { $schema: "http://json-schema.org/schema#", type: "object", properties: { id: { type: ["number", "null"] } } };
const BLOCK = `$schema: http://json-schema.org/schema#
type: object
properties:
  id:
    type: [number, "null"]
`;
const indent = (text: string, n: number) => text.split("\n").map((l) => (l ? `${" ".repeat(n)}${l}` : l)).join("\n");

describe("writing a detected schema into the manifest text", () => {
  it("adds a schema_loader after the stream's last key, touching nothing else", () => {
    const text = "# acme\nstreams:\n  - name: a   # the stream\n    retriever: { type: SimpleRetriever }\n\n  # b next\n  - name: b\n";
    const next = writeInlineSchema(ManifestModel.parse(text), { kind: "inline", segments: ["streams", 0, "schema_loader"], sourcePath: "streams[0].schema_loader", wrap: true }, SCHEMA);
    assert.equal(next.text, `# acme\nstreams:\n  - name: a   # the stream\n    retriever: { type: SimpleRetriever }\n    schema_loader:\n      type: InlineSchemaLoader\n      schema:\n${indent(BLOCK, 8)}\n  # b next\n  - name: b\n`);
  });

  it("replaces a block loader's schema in place", () => {
    const text = "streams:\n  - name: a\n    schema_loader:\n      type: InlineSchemaLoader # inline\n      schema: {}\n    primary_key: id\n";
    const next = writeInlineSchema(ManifestModel.parse(text), { kind: "inline", segments: ["streams", 0, "schema_loader", "schema"], sourcePath: "", wrap: false }, SCHEMA);
    assert.equal(next.text, `streams:\n  - name: a\n    schema_loader:\n      type: InlineSchemaLoader # inline\n      schema:\n${indent(BLOCK, 8)}    primary_key: id\n`);
  });

  it("rewrites a flow loader as a block, keeping its comment", () => {
    const text = "streams:\n  - name: a\n    schema_loader: { type: InlineSchemaLoader, schema: {} } # declared\n    primary_key: id\n";
    const next = writeInlineSchema(ManifestModel.parse(text), { kind: "inline", segments: ["streams", 0, "schema_loader", "schema"], sourcePath: "", wrap: false }, SCHEMA);
    assert.deepEqual(next.valueAt(["streams", 0, "schema_loader"]), { type: "InlineSchemaLoader", schema: SCHEMA });
    assert.match(next.text, /^ {4}schema_loader:\n {6}type: InlineSchemaLoader\n {6}schema:\n/m);
    assert.match(next.text, /# declared\n {4}primary_key: id\n$/);
  });

  it("writes into a shared definition where the loader is written", () => {
    const text = "definitions:\n  base:\n    schema_loader:\n      type: InlineSchemaLoader\n      schema: {}\nstreams:\n  - $ref: '#/definitions/base'\n    name: a\n";
    const next = writeInlineSchema(ManifestModel.parse(text), { kind: "inline", segments: ["definitions", "base", "schema_loader", "schema"], sourcePath: "", wrap: false }, SCHEMA);
    assert.deepEqual(next.valueAt(["definitions", "base", "schema_loader", "schema"]), SCHEMA);
    assert.ok(next.text.endsWith("streams:\n  - $ref: '#/definitions/base'\n    name: a\n"));
  });
});

describe("the form field an error is about", () => {
  it("finds a stream's URL Path from its manifest path, and the control to focus", () => {
    const target = errorTarget("streams[2].retriever.requester.path");
    assert.equal(target?.field.label, "URL Path");
    assert.deepEqual(target?.page, { kind: "stream", index: 2 });
    assert.equal(target?.controlId, "field-path-2");
  });

  it("finds a shared field on the Global Configuration page, and nothing for a field no form shows", () => {
    assert.deepEqual(errorTarget("streams[0].retriever.requester.url_base")?.page, { kind: "global" });
    assert.equal(errorTarget("streams[0].retriever.paginator.pagination_strategy.cursor_value"), undefined);
    assert.equal(errorTarget("definitions.requester.url_base"), undefined);
  });
});
