import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { itemsStream, latencyManifest, startLatencyApi, type LatencyApi } from "../../support/latency-api.js";

const PARTS = Array.from({ length: 50 }, (_, i) => `part${i}`);

describe("connector.read(): records one at a time, pages, and concurrent slices", () => {
  let api: LatencyApi;
  before(async () => {
    api = await startLatencyApi({ delayMs: 2, pages: 3, perPage: 5 });
  });
  after(() => api.close());

  it("pages() hands a stream over a page at a time; for await still gives single records in the same order", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url, PARTS.slice(0, 4))]) });
    const pages: unknown[][] = [];
    for await (const page of connector.read("items").pages()) pages.push(page);
    assert.equal(pages.length, 4 * 3);
    assert.ok(pages.every((page) => page.length === 5));
    const records: unknown[] = [];
    for await (const record of connector.read("items")) records.push(record);
    assert.deepEqual(records, pages.flat());
  });

  it("read(name, { concurrency }) reads slices at once and gives every record once", async () => {
    api.reset();
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url, PARTS.slice(0, 10))]) });
    const ids: string[] = [];
    for await (const record of connector.read("items", { concurrency: 5 })) ids.push(String(record.id));
    assert.equal(new Set(ids).size, 10 * 3 * 5);
    assert.ok(api.maxInFlight > 1 && api.maxInFlight <= 5);
  });

  it("a consumer that stops pulling stops the workers: with 50 partitions in flight the requests made stay bounded", async () => {
    const big = await startLatencyApi({ delayMs: 2, pages: 10, perPage: 5 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", big.url, PARTS)]) });
      const pages = connector.readAll({ concurrency: 50 }).pages();
      await pages.next(); // STARTED
      let made = -1;
      for (let i = 0; i < 50 && big.seen.length !== made; i++) {
        made = big.seen.length;
        await sleep(200);
      }
      assert.equal(big.seen.length, made, "the workers kept reading while nobody consumed");
      // The queue holds twice the concurrency in pages, plus one page per waiting worker and the one page
      // each worker's slice read ahead (page-reader.ts): 200 pages of 500.
      assert.ok(made <= 50 * 2 + 50 + 50 + 1, `${made} requests were made while nobody consumed`);
      await pages.return!();
      await sleep(50);
      assert.ok(!warnings.includes("MaxListenersExceededWarning"), "50 requests in flight on one stream's signal looked like a listener leak");
    } finally {
      process.off("warning", onWarning);
      await big.close();
    }
  });
});
