import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice, DEFAULT_CONCURRENCY } from "../../../core/index.js";

const stream = {
  type: "DeclarativeStream",
  name: "s",
  retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: "http://127.0.0.1:9" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } } },
};
const connect = (concurrencyLevel: unknown, config: Record<string, unknown> = {}) =>
  createSluice().connect({ manifest: { version: "6.0.0", ...(concurrencyLevel ? { concurrency_level: concurrencyLevel } : {}), streams: [stream] }, config });

describe("ConcurrencyLevel", () => {
  it("evaluates a template over the config and clamps it to max_concurrency", async () => {
    const level = { type: "ConcurrencyLevel", default_concurrency: "{{ config.get('workers', 3) }}", max_concurrency: 10 };
    assert.equal((await connect(level)).concurrency, 3);
    assert.equal((await connect(level, { workers: 7 })).concurrency, 7);
    assert.equal((await connect(level, { workers: 50 })).concurrency, 10);
  });

  it("an integer is used as it is, clamped too; a silent manifest reads with the default of 2", async () => {
    assert.equal((await connect({ type: "ConcurrencyLevel", default_concurrency: 5 })).concurrency, 5);
    assert.equal((await connect({ type: "ConcurrencyLevel", default_concurrency: 20, max_concurrency: 4 })).concurrency, 4);
    assert.equal((await connect(undefined)).concurrency, DEFAULT_CONCURRENCY);
    assert.equal(DEFAULT_CONCURRENCY, 2);
  });

  it("as the kit: a template reading the config needs max_concurrency; a value that is not a positive integer is refused", async () => {
    await assert.rejects(connect({ type: "ConcurrencyLevel", default_concurrency: "{{ config['workers'] }}" }, { workers: 4 }), /needs max_concurrency/);
    await assert.rejects(connect({ type: "ConcurrencyLevel", default_concurrency: "{{ config.get('workers') }}", max_concurrency: 5 }), /did not evaluate to a positive integer/);
  });

  it("still requires default_concurrency", async () => {
    await assert.rejects(
      createSluice().define({ manifest: { version: "6.0.0", concurrency_level: { type: "ConcurrencyLevel" }, streams: [] } }),
      /concurrency_level\.default_concurrency/,
    );
  });
});
