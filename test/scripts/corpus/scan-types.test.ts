import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { scanTypes } from "../../../scripts/corpus/scan-types.js";
import { summarize } from "../../../scripts/corpus/summarize.js";
import type { ManifestResult } from "../../../scripts/corpus/run-manifest.js";

describe("the corpus tool's count of component types", () => {
  it("lists every component type a manifest names once, registered or not, and no JSON Schema type", () => {
    const shared = { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [], record_expander: { type: "RecordExpander", expand_records_from_field: ["lines"] } } };
    const manifest = {
      type: "DeclarativeSource",
      definitions: { unused: { type: "NeverUsed" } },
      streams: [
        { type: "DeclarativeStream", incremental_sync: { type: "IncrementingCountCursor", cursor_field: "id" }, schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", properties: { a: { type: "Custom" } } } }, retriever: { record_selector: shared } },
        { type: "ConditionalStreams", streams: [{ type: "DeclarativeStream", retriever: { record_selector: shared } }] },
      ],
    };
    assert.deepEqual(scanTypes(manifest), ["ConditionalStreams", "DeclarativeSource", "DeclarativeStream", "DpathExtractor", "IncrementingCountCursor", "InlineSchemaLoader", "RecordExpander", "RecordSelector"]);
  });

  it("summarises them as manifests per type, most used first", () => {
    const result = (name: string, types: string[]) => ({ name, types, unsupported: [], requestsAtBuild: 0, pythonClasses: false, configs: { tried: 0, built: 0 }, declaredStreams: 0, streams: [], noSpec: false, ms: 0, passed: "build" }) as unknown as ManifestResult;
    const summary = summarize([result("a", ["DeclarativeStream", "UnionPartitionRouter"]), result("b", ["DeclarativeStream"])]);
    assert.deepEqual(summary.typeUse, [["DeclarativeStream", 2], ["UnionPartitionRouter", 1]]);
  });
});
