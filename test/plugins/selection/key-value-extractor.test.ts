import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

let server: Loopback;
let body: unknown;
before(async () => {
  server = await startLoopback(() => ({ body }));
});
after(() => server.close());

async function read(response: unknown, extractor: Record<string, unknown>) {
  body = response;
  const manifest = oneStreamManifest({ urlBase: server.url });
  const retriever = (manifest.streams as Array<{ retriever: { record_selector: Record<string, unknown> } }>)[0]!.retriever;
  retriever.record_selector.extractor = extractor;
  return readStream(manifest);
}

const kv = (keys: string[], values: unknown[]) => ({ type: "KeyValueExtractor", keys_extractor: { type: "DpathExtractor", field_path: keys }, values_extractor: { type: "DpathExtractor", field_path: values } });

describe("KeyValueExtractor", () => {
  it("zips column names with each run of values (a column-oriented report)", async () => {
    const { records, error } = await read({ columns: ["date", "clicks"], rows: [["2024-01-01", 3], ["2024-01-02", 5]] }, kv(["columns"], ["rows", "*", "*"]));
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ date: "2024-01-01", clicks: 3 }, { date: "2024-01-02", clicks: 5 }]);
  });
  it("a last, shorter run of values gives a record with fewer fields; no keys give no records", async () => {
    assert.deepEqual((await read({ k: ["a", "b"], v: [1, 2, 3] }, kv(["k"], ["v"]))).records, [{ a: 1, b: 2 }, { a: 3 }]);
    assert.deepEqual((await read({ k: [], v: [1, 2, 3] }, kv(["k"], ["v"]))).records, []);
  });
  it("a key that is not a name is a clear error", async () => {
    const { error } = await read({ k: [{ name: "a" }], v: [1] }, kv(["k"], ["v"]));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "EXTRACTOR_KEY_INVALID");
  });
});
