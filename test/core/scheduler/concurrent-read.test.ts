import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type ReadMessage } from "../../../core/index.js";
import { itemsStream, latencyManifest, startLatencyApi, type LatencyApi } from "../../support/latency-api.js";

const PARTS = Array.from({ length: 20 }, (_, i) => `part${i}`);

async function collect(read: AsyncIterable<ReadMessage>): Promise<ReadMessage[]> {
  const messages: ReadMessage[] = [];
  for await (const message of read) messages.push(message);
  return messages;
}

describe("concurrent reads", () => {
  let api: LatencyApi;
  before(async () => {
    // Partitions answer at different speeds, so slices finish out of order.
    api = await startLatencyApi({ delayMs: (url) => 5 + ((url.searchParams.get("part") ?? "").length * 7 + Number(url.searchParams.get("page") ?? 1) * 3) % 25, pages: 3, perPage: 5 });
  });
  after(() => api.close());

  for (const concurrency of [1, 5, 10]) {
    it(`20 partitions x 3 pages at concurrency ${concurrency}: every record exactly once, never more than ${concurrency} requests in flight`, async () => {
      api.reset();
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url, PARTS)]) });
      const messages = await collect(connector.readAll({ concurrency }));
      const ids = messages.flatMap((m) => (m.type === "record" ? [String(m.record.id)] : []));
      assert.equal(ids.length, 20 * 3 * 5);
      assert.equal(new Set(ids).size, ids.length);
      assert.ok(api.maxInFlight <= concurrency, `${api.maxInFlight} requests were in flight at once`);
      if (concurrency > 1) assert.ok(api.maxInFlight > 1, "the partitions were read one at a time");
      // Each partition's records come in page order.
      for (const part of PARTS) {
        const pages = ids.filter((id) => id.startsWith(`${part}-`)).map((id) => Number(id.split("-")[1]));
        assert.deepEqual(pages, [...pages].sort((a, b) => a - b));
      }
      const statuses = messages.filter((m) => m.type === "status").map((m) => (m.type === "status" ? m.status : ""));
      assert.deepEqual(statuses, ["STARTED", "RUNNING", "COMPLETE"]);
    });
  }

  it("six streams read at once, each record tagged with its stream", async () => {
    api.reset();
    const streams = Array.from({ length: 6 }, (_, i) => itemsStream(`s${i}`, api.url));
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest(streams) });
    const messages = await collect(connector.readAll({ concurrency: 10 }));
    for (let i = 0; i < 6; i++) {
      const records = messages.filter((m) => m.type === "record" && m.stream === `s${i}`);
      assert.equal(records.length, 15);
      const last = messages.map((m) => m.type === "status" && m.stream === `s${i}` ? m.status : undefined).filter(Boolean).at(-1);
      assert.equal(last, "COMPLETE");
    }
    assert.ok(api.maxInFlight <= 6 && api.maxInFlight > 1, `${api.maxInFlight} requests in flight`);
  });

  it("a readAll is iterated once: a second iteration fails with READ_ALREADY_STARTED", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url)]) });
    const read = connector.readAll({ concurrency: 2 });
    await collect(read);
    assert.throws(() => read.pages(), (error: Error & { code?: string }) => error.code === "READ_ALREADY_STARTED");
  });
});
