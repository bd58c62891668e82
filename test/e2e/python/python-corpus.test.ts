// A few real connectors' components.py (../shared/corpus/airbyte-components/, beside the repository),
// read through the corpus tool's mocks: each of these reads every stream. The corpus is not part of
// the repository: without it this says so and passes, except under CI=true, where its absence fails
// (as scripts/builder-round-trip.ts does).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { Logger } from "../../../sdk/index.js";
import { runManifest } from "../../../scripts/corpus/run-manifest.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const MANIFESTS = [join(ROOT, "../shared/corpus/airbyte-manifests"), join(ROOT, "../../shared/corpus/airbyte-manifests")].find((path) => existsSync(path));
// A DpathExtractor subclass (apify-dataset), a record extractor (iterable), backoff strategies (gnews).
const CONNECTORS = ["source-apify-dataset", "source-iterable", "source-gnews"];

describe("real components.py files from the corpus", () => {
  it("source-apify-dataset, source-iterable and source-gnews build and read every stream against their mocks", async () => {
    if (!MANIFESTS) {
      assert.ok(!process.env.CI, "CI needs the corpus beside the repository (../shared/corpus)");
      console.log("python-corpus: no ../shared/corpus beside the repository; nothing to read");
      return;
    }
    const sluice = createSluice({ logLevel: "error", http: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 50, timeoutMs: 5000 } });
    sluice.register(Logger, { debug() {}, info() {}, warn() {}, error() {} });
    for (const name of CONNECTORS) {
      const result = await runManifest(sluice, join(MANIFESTS, `${name}.yaml`));
      assert.equal(result.pythonFiles, true, `${name}: its components are in the corpus`);
      assert.equal(result.failed, undefined, `${name}: ${JSON.stringify(result.failed)}`);
      assert.ok(result.streams.length > 0);
      for (const stream of result.streams) assert.ok(stream.ok && stream.records > 0, `${name}/${stream.name}: ${stream.reason?.detail ?? "no records"}`);
    }
  });
});
