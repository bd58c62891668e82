import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { customClassSites } from "../../../core/manifest/custom-class-sites.js";

const custom = (name: string) => ({ type: "CustomRecordExtractor", class_name: name });

describe("customClassSites", () => {
  const manifest = {
    definitions: { unused: custom("source_x.components.Unused") },
    schemas: { items: { type: "object", properties: { x: custom("not.a.Component") } } },
    streams: [
      {
        "odd key": [custom("source_x.components.Odd")],
        retriever: { record_selector: { extractor: custom("source_x.components.Extractor") } },
        schema_loader: { type: "InlineSchemaLoader", schema: { properties: { y: custom("not.a.Component") } } },
      },
    ],
  };

  it("finds each used custom class at its path, never inside JSON Schema", () => {
    assert.deepEqual(customClassSites(manifest, { definitions: false }), [
      { className: "source_x.components.Odd", path: 'streams[0]["odd key"][0].class_name' },
      { className: "source_x.components.Extractor", path: "streams[0].retriever.record_selector.extractor.class_name" },
    ]);
  });

  it("walks the top-level definitions when asked", () => {
    assert.deepEqual(customClassSites(manifest, { definitions: true }).map((site) => site.path), [
      "definitions.unused.class_name",
      'streams[0]["odd key"][0].class_name',
      "streams[0].retriever.record_selector.extractor.class_name",
    ]);
  });
});
