import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Clock, createSluice, type ReadMessage } from "../../../core/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { itemsStream, latencyManifest, startLatencyApi, type LatencyApi } from "../../support/latency-api.js";

const PARTS = Array.from({ length: 20 }, (_, i) => `p${i}`);

async function readAll(manifest: Record<string, unknown>, concurrency: number, config: Record<string, unknown> = {}) {
  const connector = await createSluice({ logLevel: "error" }).connect({ manifest, config });
  const messages: ReadMessage[] = [];
  for await (const message of connector.readAll({ concurrency })) messages.push(message);
  return messages;
}

describe("one API budget shared by every worker", () => {
  let api: LatencyApi;
  before(async () => {
    api = await startLatencyApi({ delayMs: 5, pages: 1, perPage: 1 });
  });
  after(() => api.close());

  it("waits for its turn instead of failing: 9 requests at 3 per minute wait for two new windows, and all records arrive", async () => {
    api.reset();
    const manifest = latencyManifest([itemsStream("items", api.url, PARTS.slice(0, 9))], {
      api_budget: { type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "PT1M", call_limit: 3, matchers: [] }] },
    });
    // The budget's waits run on a fake clock: each wait moves it forward at once.
    const clock = new FakeClock();
    const connector = await createSluice({ logLevel: "error" }).register(Clock, clock).connect({ manifest });
    let records = 0;
    for await (const message of connector.readAll({ concurrency: 5 })) {
      if (message.type === "status" && message.status === "INCOMPLETE") throw message.error;
      if (message.type === "record") records++;
    }
    assert.equal(records, 9);
    assert.equal(api.seen.length, 9);
    assert.ok(clock.sleeps.length >= 2, `the budget made ${clock.sleeps.length} requests wait`);
    assert.ok(clock.sleeps.every((ms) => ms > 0 && ms <= 60_000));
  });

  for (const concurrency of [8, 1]) {
    it(`never exceeds its policy (concurrency ${concurrency}): with 5 calls a day, at most 5 requests reach the API and the stream fails naming the policy`, async () => {
      api.reset();
      const manifest = latencyManifest([itemsStream("items", api.url, PARTS)], {
        api_budget: { type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "P1D", call_limit: 5, matchers: [{ url_base: api.url }] }] },
      });
      const messages = await readAll(manifest, concurrency);
      assert.ok(api.seen.length <= 5, `${api.seen.length} requests reached the API`);
      const failure = messages.find((m) => m.type === "status" && m.status === "INCOMPLETE") as { error: Error & { code: string } } | undefined;
      assert.equal(failure?.error.code, "BUDGET_WAIT_TOO_LONG");
      assert.match(failure!.error.message, /FixedWindowCallRatePolicy at api_budget\.policies\[0\] \(5 calls per P1D\)/);
      // One at a time, the five requests the budget allowed finish before the sixth fails the stream:
      // their records are delivered. (Concurrently, the failure aborts the stream's other requests in flight.)
      if (concurrency === 1) {
        assert.equal(api.seen.length, 5);
        assert.equal(messages.filter((m) => m.type === "record").length, 5, "the records read before the budget ran out are delivered");
      }
    });
  }

  it("auxiliary requests take their turn too: a session login counts against the budget", async () => {
    api.reset();
    const stream = itemsStream("items", api.url, PARTS) as { retriever: { requester: Record<string, unknown> } };
    stream.retriever.requester.authenticator = {
      type: "SessionTokenAuthenticator",
      login_requester: { type: "HttpRequester", url_base: api.url, path: "/items", http_method: "GET", request_parameters: { part: "login" } },
      session_token_path: ["data", "0", "id"],
      expiration_duration: "PT1H",
      request_authentication: { type: "ApiKey", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Session" } },
    };
    const manifest = latencyManifest([stream], { api_budget: { type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "P1D", call_limit: 5, matchers: [] }] } });
    const messages = await readAll(manifest, 1);
    assert.equal(api.seen.length, 5);
    assert.equal(api.seen.filter((url) => url.searchParams.get("part") === "login").length, 1, "one login, through the budget");
    assert.equal(messages.filter((m) => m.type === "record").length, 4);
  });
});
