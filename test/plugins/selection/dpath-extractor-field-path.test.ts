/**
 * DpathExtractor's field_path is required, as in the kit's schema, after $parameters propagation (which
 * may supply it). A new user's `feild_path` used to turn the whole response into one record, exit 0.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

let api: Loopback;
before(async () => {
  api = await startLoopback(() => ({ body: { data: [{ id: 1 }, { id: 2 }], meta: { page: 1 } } }));
});
after(() => api.close());

function manifest(extractor: Record<string, unknown>, parameters: Record<string, unknown> = {}): Record<string, unknown> {
  return oneStreamManifest({
    urlBase: api.url,
    stream: { $parameters: parameters },
    retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", ...extractor } } },
  });
}

async function read(extractor: Record<string, unknown>, parameters?: Record<string, unknown>): Promise<unknown[]> {
  const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(extractor, parameters), config: {} });
  const records: unknown[] = [];
  for await (const record of connector.read("items")) records.push(record);
  return records;
}

describe("DpathExtractor.field_path (required, as in the kit's schema)", () => {
  it("refuses a misspelled feild_path, naming the misspelling, instead of reading the whole response as one record", async () => {
    await assert.rejects(read({ feild_path: ["data"] }), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "MANIFEST_INVALID");
      assert.equal(error.where.manifestPath, "streams[0].retriever.record_selector.extractor.field_path");
      assert.match(error.message, /did you mean 'field_path' where 'feild_path' is written/);
      return true;
    });
  });

  it("refuses a DpathExtractor with no field_path at all", async () => {
    await assert.rejects(read({}), (error: unknown) => error instanceof SluiceError && error.code === "MANIFEST_INVALID" && /field_path: a required field is missing/.test(error.message));
  });

  it("accepts a field_path supplied by the stream's $parameters (as many corpus manifests do)", async () => {
    assert.deepEqual(await read({}, { field_path: ["data"] }), [{ id: 1 }, { id: 2 }]);
  });

  it("accepts field_path: [] for a top-level document", async () => {
    assert.equal((await read({ field_path: [] })).length, 1);
  });
});
