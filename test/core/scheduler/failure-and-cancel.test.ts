import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import { createSluice, type ReadMessage } from "../../../core/index.js";
import { itemsStream, latencyManifest, startLatencyApi, type LatencyApi } from "../../support/latency-api.js";

const PARTS = Array.from({ length: 8 }, (_, i) => `part${i}`);

describe("a failing slice fails its stream; the others go on", () => {
  let api: LatencyApi;
  before(async () => {
    // part3's second page fails at once; every other page takes 300 ms, so other slices are in flight.
    api = await startLatencyApi({
      delayMs: (url) => (url.searchParams.get("part") === "part3" && url.searchParams.get("page") === "2" ? 0 : url.searchParams.get("part") === "part3" ? 1 : 300),
      fail: (url) => (url.searchParams.get("part") === "part3" && url.searchParams.get("page") === "2" ? 400 : undefined),
      pages: 3,
      perPage: 2,
    });
  });
  after(() => api.close());

  it("delivers the records already read, ends the stream INCOMPLETE, aborts its other requests and completes the other stream", async () => {
    const manifest = latencyManifest([itemsStream("broken", api.url, PARTS), itemsStream("fine", api.url)]);
    const connector = await createSluice({ logLevel: "error", http: { maxRetries: 0 } }).connect({ manifest });
    const messages: ReadMessage[] = [];
    for await (const message of connector.readAll({ concurrency: 6 })) messages.push(message);
    const statuses = (stream: string) => messages.flatMap((m) => (m.type === "status" && m.stream === stream ? [m.status] : []));
    assert.deepEqual(statuses("broken"), ["STARTED", "RUNNING", "INCOMPLETE"]);
    assert.deepEqual(statuses("fine"), ["STARTED", "RUNNING", "COMPLETE"]);
    const failure = messages.find((m) => m.type === "status" && m.status === "INCOMPLETE");
    assert.match(String((failure as { error: Error }).error.message), /answered 400/);
    const broken = messages.flatMap((m) => (m.type === "record" && m.stream === "broken" ? [String(m.record.id)] : []));
    assert.ok(broken.includes("part3-1-0") && broken.includes("part3-1-1"), "part3's first page was delivered");
    assert.equal(messages.filter((m) => m.type === "record" && m.stream === "fine").length, 6);
    assert.ok(api.aborted >= 1, "the failed stream's other requests in flight were not aborted");
    const last = messages.findIndex((m) => m.type === "status" && m.stream === "broken" && m.status === "INCOMPLETE");
    assert.ok(!messages.slice(last).some((m) => m.type === "record" && m.stream === "broken"), "records of the failed stream came after its INCOMPLETE status");
  });
});

describe("stopping a read", () => {
  let api: LatencyApi;
  before(async () => {
    // The first page of every partition is quick; every later one would take a minute.
    api = await startLatencyApi({ delayMs: (url) => (url.searchParams.get("page") === null ? 5 : 60_000), pages: 3, perPage: 2 });
  });
  after(() => api.close());

  it("the iterator's return() aborts every request in flight instead of waiting for them", { timeout: 20_000 }, async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url, PARTS)]) });
    let records = 0;
    for await (const message of connector.readAll({ concurrency: 5 })) {
      if (message.type === "record") records++;
      if (records === 4) {
        // Give the workers time to send their minute-long second pages.
        while (api.inFlight < 5) await sleep(10);
        break;
      }
    }
    for (let i = 0; i < 200 && api.inFlight > 0; i++) await sleep(10);
    assert.equal(api.inFlight, 0, "requests were still in flight after the read was stopped");
    assert.ok(api.aborted >= 5);
  });

  it("a host's abort signal ends the read with its reason and aborts the requests in flight", { timeout: 20_000 }, async () => {
    api.reset();
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: latencyManifest([itemsStream("items", api.url, PARTS)]) });
    const controller = new AbortController();
    const read = (async () => {
      for await (const _message of connector.readAll({ concurrency: 3, signal: controller.signal })) {
        // read on
      }
    })();
    while (api.inFlight < 3) await sleep(10);
    controller.abort(new Error("the host stopped"));
    await assert.rejects(read, /the host stopped/);
    for (let i = 0; i < 200 && api.inFlight > 0; i++) await sleep(10);
    assert.equal(api.inFlight, 0);
  });
});
