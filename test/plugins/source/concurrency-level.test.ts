import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";

describe("ConcurrencyLevel", () => {
  it("is accepted at the manifest's top level, so manifests that set it load", async () => {
    const definition = await createSluice().define({
      manifest: {
        version: "6.0.0",
        concurrency_level: { type: "ConcurrencyLevel", default_concurrency: "{{ config.get('workers', 2) }}", max_concurrency: 10 },
        streams: [
          {
            type: "DeclarativeStream",
            name: "s",
            retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: "http://127.0.0.1:9" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } } },
          },
        ],
      },
    });
    assert.deepEqual(definition.streamNames, ["s"]);
  });

  it("still requires default_concurrency", async () => {
    await assert.rejects(
      createSluice().define({ manifest: { version: "6.0.0", concurrency_level: { type: "ConcurrencyLevel" }, streams: [] } }),
      /concurrency_level\.default_concurrency/,
    );
  });
});
