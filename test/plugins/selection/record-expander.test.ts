import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

// A Stripe-like invoices endpoint: each invoice holds its lines under lines.data; one has none.
const INVOICES = [
  { id: "in_1", lines: { data: [{ id: "il_1", amount: 5 }, { id: "il_2", amount: 7 }] } },
  { id: "in_2", lines: { data: [] } },
  { id: "in_3", sections: [{ items: [{ id: "s1" }] }, { items: [{ id: "s2" }, 3] }] },
];

describe("RecordExpander", () => {
  const api = useLoopback(() => ({ body: { data: INVOICES } }));
  const read = async (expander: Record<string, unknown>) => {
    const manifest = oneStreamManifest({ urlBase: api.url, fieldPath: [], retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"], record_expander: { type: "RecordExpander", ...expander } } } } });
    const { records, error } = await readStream(manifest);
    assert.equal(error, undefined, String(error));
    return records;
  };

  it("emits the items of the nested list as records; a record with none emits nothing (skip)", async () => {
    assert.deepEqual(await read({ expand_records_from_field: ["lines", "data"] }), [{ id: "il_1", amount: 5 }, { id: "il_2", amount: 7 }]);
  });

  it("remain_original_record puts the parent under original_record", async () => {
    const records = await read({ expand_records_from_field: ["lines", "data"], remain_original_record: true });
    assert.deepEqual(records.map((r) => [r.id, (r.original_record as { id: string }).id]), [["il_1", "in_1"], ["il_2", "in_1"]]);
    assert.deepEqual((records[0]!.original_record as { lines: unknown }).lines, INVOICES[0]!.lines);
  });

  it("on_no_records: emit_parent emits a parent whose list is empty, missing or not a list", async () => {
    const records = await read({ expand_records_from_field: ["lines", "data"], on_no_records: "emit_parent" });
    assert.deepEqual(records.map((r) => r.id), ["il_1", "il_2", "in_2", "in_3"]);
  });

  it("a wildcard expands the items of every list it matches; with the parent kept, a non-object item becomes {value}", async () => {
    // A bare non-object item is not a record: the selector drops it, as it drops one from any extractor.
    assert.deepEqual(await read({ expand_records_from_field: ["sections", "*", "items"] }), [{ id: "s1" }, { id: "s2" }]);
    const kept = await read({ expand_records_from_field: ["sections", "*", "items"], remain_original_record: true });
    assert.deepEqual(kept.map((r) => r.value ?? r.id), ["s1", "s2", 3]);
    assert.equal((kept[2]!.original_record as { id: string }).id, "in_3");
  });
});
