import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

// Its own file (its own process): the process's one Python child must not have started yet.
describe("no Python", () => {
  it("a manifest naming a Python class fails at once, naming SLUICE_PYTHON and what was tried", async () => {
    const api = await startLoopback(() => ({ body: { data: [] } }));
    const dir = await pythonConnector("from airbyte_cdk.sources.declarative.extractors import RecordExtractor\n\nclass Rows(RecordExtractor):\n    def extract_records(self, response):\n        return []\n");
    process.env.SLUICE_PYTHON = `${dir.dir}/no-such-python3`;
    try {
      const manifest = oneStreamManifest({ urlBase: api.url });
      (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.Rows" };
      const { error } = await readPython(dir.dir, manifest);
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "PYTHON_NOT_FOUND");
      assert.match(error.message, /set SLUICE_PYTHON/);
      assert.match(String(error.found), /no-such-python3 \(.*ENOENT/);
      assert.equal(api.requests.length, 0);
    } finally {
      delete process.env.SLUICE_PYTHON;
      await dir.remove();
      await api.close();
    }
  });
});
