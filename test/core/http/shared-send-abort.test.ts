/**
 * Identical sends in flight share one request (the parent-stream cache): a sender whose signal aborts
 * stops waiting at once with its own reason, the request goes on for the others, and it is aborted when
 * every sender has gone. Against a real loopback API that answers late.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DEFAULT_HTTP_OPTIONS } from "../../../core/http/http-options.js";
import { createNodeFetchTransport } from "../../../core/http/node-fetch-transport.js";
import { RetryingHttpClient } from "../../../core/http/retrying-http-client.js";
import { systemClock } from "../../../core/services/system-clock.js";
import { SecretRegistry, linkSignal, type OutgoingRequest } from "../../../sdk/index.js";
import { DelayedApi, type DelayedReply } from "../../support/delayed-api.js";

const LATE_MS = 1500;

/** Every page answers after 1.5 s. */
class LateApi extends DelayedApi {
  protected delayOf(): number {
    return LATE_MS;
  }
  protected answer(): DelayedReply {
    return { body: { data: [{ id: 1 }] } };
  }
}

describe("a send waiting on a shared request in flight", () => {
  let api: LateApi;
  before(async () => {
    api = await new LateApi().listen();
  });
  after(() => api.close());

  const client = () =>
    new RetryingHttpClient({
      fetch: createNodeFetchTransport({ maxSockets: 4 }),
      clock: systemClock,
      secrets: new SecretRegistry(),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      options: { ...DEFAULT_HTTP_OPTIONS, maxRetries: 0 },
    });

  /** Two streams of one read asking for the same parent page: each with a signal of its own under the read's. */
  function twoSenders(path: string) {
    const read = new AbortController();
    const streams = [new AbortController(), new AbortController()];
    for (const stream of streams) {
      linkSignal(stream.signal, read.signal);
      read.signal.addEventListener("abort", () => stream.abort(read.signal.reason));
    }
    const http = client();
    const request = (): OutgoingRequest => ({ method: "GET", url: `${api.url}${path}`, params: {}, headers: {} });
    // Which sender settled first: one that left must not wait for the shared answer (1.5 s later).
    const settled: number[] = [];
    const sends = streams.map((stream, index) => {
      const sent = http.send(request(), { cacheKey: path, signal: stream.signal });
      return sent.then(
        (response) => (settled.push(index), { response }),
        (error: unknown) => (settled.push(index), { error }),
      );
    });
    return { streams, sends, settled };
  }

  it("ends the waiting sender's wait at once with its abort reason, and the first sender still gets the page", async () => {
    api.reset();
    const { streams, sends, settled } = twoSenders("/waiter-leaves");
    setTimeout(() => streams[1]!.abort(new Error("the second stream was stopped")), 100);
    const [first, second] = await Promise.all(sends);
    assert.ok("error" in second, "the second sender was not answered");
    assert.equal((second.error as Error).message, "the second stream was stopped");
    assert.deepEqual(settled, [1, 0], "the second sender left before the shared answer came");
    assert.ok("response" in first && first.response.status === 200);
    assert.deepEqual([api.seen.length, api.aborted], [1, 0], "one request, not aborted");
  });

  it("keeps the shared request going for a waiter when the sender that started it stops", async () => {
    api.reset();
    const { streams, sends, settled } = twoSenders("/starter-leaves");
    setTimeout(() => streams[0]!.abort(new Error("the first stream was stopped")), 100);
    const [first, second] = await Promise.all(sends);
    assert.ok("error" in first && (first.error as Error).message === "the first stream was stopped");
    assert.deepEqual(settled, [0, 1], "the first sender left before the shared answer came");
    assert.ok("response" in second && second.response.status === 200, "the waiter got the shared page");
    assert.deepEqual([api.seen.length, api.aborted], [1, 0], "the page was requested once and not aborted");
  });

  it("aborts the shared request when every sender has gone", async () => {
    api.reset();
    const { streams, sends } = twoSenders("/all-leave");
    setTimeout(() => streams[0]!.abort(new Error("first stopped")), 100);
    setTimeout(() => streams[1]!.abort(new Error("second stopped")), 150);
    const results = await Promise.all(sends);
    assert.deepEqual(results.map((r) => ("error" in r ? (r.error as Error).message : "answered")), ["first stopped", "second stopped"]);
    for (let waited = 0; api.aborted === 0 && waited < 1000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual([api.seen.length, api.aborted], [1, 1], "the one request was aborted on the wire");
  });
});
