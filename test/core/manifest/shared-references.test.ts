import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { resolveReferences } from "../../../core/manifest/resolve-references.js";
import { ManifestError } from "../../../sdk/index.js";

/**
 * The shape of source-google-ads (mid-2025): many streams sharing large definitions (a requester, and
 * field schemas of thousands of properties), so that the manifest expands past 1,000,000 nodes while
 * its text is a few hundred KB.
 */
function googleAdsShaped(streams: number, properties: number): Record<string, unknown> {
  const fields = Object.fromEntries(Array.from({ length: properties }, (_, i) => [`segments.field_${i}`, { type: ["null", "string"], description: `field ${i}` }]));
  const definitions = {
    base_requester: { type: "HttpRequester", url_base: "https://googleads.example.com/v20", http_method: "POST", request_body_json: { query: "{{ parameters.query }}" } },
    report_schema: { type: "object", properties: fields },
    report_stream: {
      type: "DeclarativeStream",
      primary_key: [],
      schema_loader: { type: "InlineSchemaLoader", schema: "#/definitions/report_schema" },
      retriever: { type: "SimpleRetriever", requester: "#/definitions/base_requester", record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["results"] } } },
    },
  };
  const list = Array.from({ length: streams }, (_, i) => ({ $ref: "#/definitions/report_stream", name: `report_${i}`, $parameters: { query: `SELECT * FROM report_${i}` } }));
  return { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["report_0"] }, definitions, streams: list };
}

/** Nodes of the manifest as expanded (a shared object counted wherever it appears). */
function expandedSize(node: unknown): number {
  if (typeof node !== "object" || node === null) return 1;
  let size = 1;
  for (const child of Array.isArray(node) ? node : Object.values(node)) size += expandedSize(child);
  return size;
}

describe("resolveReferences shares what many places reference", () => {
  it("resolves a manifest expanding past 1,000,000 nodes (many streams sharing large schemas), sharing the schema", () => {
    const manifest = googleAdsShaped(120, 2_000);
    const resolved = resolveReferences(manifest, "google-ads.yaml");
    assert.ok(expandedSize(resolved) > 1_000_000, `expanded to ${expandedSize(resolved)}`);
    const streams = resolved.streams as Array<{ schema_loader: { schema: unknown }; name: string }>;
    assert.equal(streams[7]!.schema_loader.schema, streams[80]!.schema_loader.schema, "the schema is one shared object");
    assert.deepEqual(streams.map((s) => s.name).slice(0, 3), ["report_0", "report_1", "report_2"]);
  });

  it("defines and builds it: every stream keeps its own parameters, the schema is shared", { timeout: 120_000 }, async () => {
    const sluice = createSluice({ logLevel: "error" });
    const definition = await sluice.define({ manifest: googleAdsShaped(120, 2_000) });
    assert.equal(definition.streamNames.length, 120);
    const connector = await sluice.connect({ definition, config: {} });
    assert.equal(connector.streamNames.length, 120);
    const schema = await connector.stream("report_99").jsonSchema();
    assert.equal(Object.keys(schema.properties as object).length, 2_000);
    // A sanity guard, not a benchmark (about 1-2 s on a shared 2-core machine).
  });

  it("still refuses a reference bomb: its expansion is counted without being built", { timeout: 120_000 }, () => {
    const definitions: Record<string, unknown> = { l0: { type: "RecordSelector", field: "x" } };
    for (let level = 1; level <= 12; level++) definitions[`l${level}`] = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`r${i}`, `#/definitions/l${level - 1}`]));
    assert.throws(() => resolveReferences({ definitions, streams: ["#/definitions/l12"] }, "bomb.yaml"), (error: unknown) => {
      assert.ok(error instanceof ManifestError);
      assert.equal(error.code, "MANIFEST_TOO_LARGE");
      assert.match(error.message, /more than 20000000 nodes expanded/);
      return true;
    });
  });

  it("counts a shared subtree's depth where it is placed again", () => {
    const definitions: Record<string, unknown> = { d0: { leaf: 1 } };
    for (let i = 1; i <= 15; i++) definitions[`d${i}`] = { inner: `#/definitions/d${i - 1}` };
    // d15 is 16 levels deep; placed under 10 more levels it passes a limit of 30 and fails one of 20.
    const deep = { definitions, a: "#/definitions/d15", s: { b: { c: { d: { e: { f: { g: { h: { i: { j: "#/definitions/d15" } } } } } } } } } };
    assert.doesNotThrow(() => resolveReferences(deep, undefined, { maxDepth: 30 }));
    assert.throws(() => resolveReferences(deep, undefined, { maxDepth: 20 }), { code: "MANIFEST_TOO_LARGE" });
  });
});
