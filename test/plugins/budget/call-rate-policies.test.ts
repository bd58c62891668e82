import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice, type ApiBudget, type BudgetRequest } from "../../../core/index.js";
import { Clock } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";

const get = (url: string, headers: Record<string, string> = {}): BudgetRequest => ({ method: "GET", url, headers });

/** Builds a connector whose manifest declares `api_budget`, and returns its budget (the service every request uses). */
async function budgetOf(apiBudget: Record<string, unknown>, clock = new FakeClock()): Promise<{ budget: ApiBudget; clock: FakeClock }> {
  const sluice = createSluice({ logLevel: "error" }).register(Clock, clock);
  const manifest = {
    version: "6.0.0",
    api_budget: apiBudget,
    streams: [{ type: "DeclarativeStream", name: "s", retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: "http://127.0.0.1:9" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } } } }],
  };
  const connector = await sluice.connect({ manifest });
  assert.ok(connector.apiBudget, "the manifest's api_budget was built");
  return { budget: connector.apiBudget, clock };
}

async function take(budget: ApiBudget, request: BudgetRequest, options = {}): Promise<void> {
  const waiting = budget.acquire(request, options);
  if (waiting) await waiting;
}

describe("FixedWindowCallRatePolicy", () => {
  it("allows call_limit calls per period from the first call, then waits for the next window", async () => {
    const { budget, clock } = await budgetOf({ type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "PT1M", call_limit: 3, matchers: [] }] });
    for (let i = 0; i < 3; i++) assert.equal(budget.acquire(get("https://api.example.com/a")), undefined);
    await take(budget, get("https://api.example.com/a"));
    assert.deepEqual(clock.sleeps, [60_000]);
    assert.equal(budget.acquire(get("https://api.example.com/a")), undefined, "the new window has calls left");
  });

  it("a lower ratelimit-remaining uses calls up; a 429 leaves none; ratelimit-reset (epoch seconds or seconds from now) moves the window's end", async () => {
    const { budget, clock } = await budgetOf({ type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "PT1H", call_limit: 100, matchers: [] }] });
    const request = get("https://api.example.com/a");
    assert.equal(budget.acquire(request), undefined);
    budget.update(request, { status: 200, header: (name) => ({ "ratelimit-remaining": "1", "ratelimit-reset": "30" })[name] });
    assert.equal(budget.acquire(request), undefined);
    await take(budget, request);
    assert.deepEqual(clock.sleeps, [30_000], "waits until the reset the API announced, not the hour");
    budget.update(request, { status: 429, header: (name) => (name === "ratelimit-reset" ? String(clock.now() / 1000 + 5) : undefined) });
    await take(budget, request);
    assert.deepEqual(clock.sleeps, [30_000, 5_000]);
  });

  it("a wait longer than the bound fails at once with BUDGET_WAIT_TOO_LONG naming the policy", async () => {
    const { budget, clock } = await budgetOf({ type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "P1D", call_limit: 1, matchers: [] }] });
    await take(budget, get("https://api.example.com/a"));
    await assert.rejects(take(budget, get("https://api.example.com/a"), { maxWaitMs: 60_000 }), (error: Error & { code?: string }) => {
      assert.equal(error.code, "BUDGET_WAIT_TOO_LONG");
      assert.match(error.message, /FixedWindowCallRatePolicy at api_budget\.policies\[0\] \(1 calls per P1D\)/);
      assert.match(error.message, /24\.0 h/);
      return true;
    });
    assert.deepEqual(clock.sleeps, []);
  });
});

describe("MovingWindowCallRatePolicy", () => {
  it("allows at most limit calls in any interval, for each rate, with weights", async () => {
    const { budget, clock } = await budgetOf({
      type: "HTTPAPIBudget",
      policies: [{ type: "MovingWindowCallRatePolicy", rates: [{ limit: 2, interval: "PT1S" }, { limit: "{{ 3 }}", interval: "PT10S" }], matchers: [{ url_path_pattern: "^/heavy", weight: 2 }, {}] }],
    });
    const t0 = clock.now();
    const light = get("https://api.example.com/light");
    await take(budget, light); // t=0
    clock.advance(500);
    await take(budget, light); // t=500
    await take(budget, light); // the third call in a second waits until the first leaves the 1-second window
    assert.equal(clock.now() - t0, 1_000);
    // Weight 2: the 10-second rate (3 calls) has 3; it waits until the calls at 0 and 500 have left it.
    await take(budget, get("https://api.example.com/heavy/report"));
    assert.equal(clock.now() - t0, 10_500);
  });

  it("a weight above the policy's smallest limit is refused when the connector is built", async () => {
    await assert.rejects(
      budgetOf({ type: "HTTPAPIBudget", policies: [{ type: "MovingWindowCallRatePolicy", rates: [{ limit: 2, interval: "PT1S" }], matchers: [{ weight: 3 }] }] }),
      /BUDGET_INVALID|exceeds the policy's limit/,
    );
  });
});

describe("HTTPAPIBudget and HttpRequestRegexMatcher", () => {
  it("the first matching policy governs; an UnlimitedCallRatePolicy first exempts requests; unmatched requests are not limited", async () => {
    const { budget, clock } = await budgetOf({
      type: "HTTPAPIBudget",
      policies: [
        { type: "UnlimitedCallRatePolicy", matchers: [{ headers: { "X-Sandbox": "true" } }] },
        { type: "FixedWindowCallRatePolicy", period: "PT1M", call_limit: 1, matchers: [{ method: "get", url_base: "https://api.example.com/", url_path_pattern: "^/v1/items$", params: { status: "open" } }] },
      ],
    });
    const limited = get("https://api.example.com/v1/items/?status=open&page=2");
    assert.equal(budget.acquire(limited), undefined);
    for (let i = 0; i < 5; i++) assert.equal(budget.acquire(get("https://api.example.com/v1/items?status=open", { "x-sandbox": "true" })), undefined);
    for (const other of ["https://api.example.com/v1/items?status=closed", "https://other.example.com/v1/items?status=open", "https://api.example.com/v1/items/7?status=open"]) {
      assert.equal(budget.acquire(get(other)), undefined, other);
    }
    assert.equal(budget.acquire({ ...limited, method: "POST" }), undefined);
    await take(budget, limited);
    assert.deepEqual(clock.sleeps, [60_000]);
  });

  it("custom header names and status codes: X-RateLimit-Remaining and a 420 leave no call", async () => {
    const { budget, clock } = await budgetOf({
      type: "HTTPAPIBudget",
      ratelimit_remaining_header: "X-RateLimit-Remaining",
      status_codes_for_ratelimit_hit: [420],
      policies: [{ type: "FixedWindowCallRatePolicy", period: "PT10S", call_limit: 50, matchers: [] }],
    });
    const request = get("https://api.example.com/a");
    assert.equal(budget.acquire(request), undefined);
    budget.update(request, { status: 420, header: () => undefined });
    await take(budget, request);
    assert.deepEqual(clock.sleeps, [10_000]);
    budget.update(request, { status: 200, header: (name) => (name === "X-RateLimit-Remaining" ? "0" : undefined) });
    await take(budget, request);
    assert.deepEqual(clock.sleeps, [10_000, 10_000]);
  });

  it("a bad interval is refused with the manifest path", async () => {
    await assert.rejects(
      budgetOf({ type: "HTTPAPIBudget", policies: [{ type: "FixedWindowCallRatePolicy", period: "one minute", call_limit: 5, matchers: [] }] }),
      (error: Error & { code?: string }) => error.code === "BUDGET_INVALID" && /api_budget\.policies\[0\]\.period/.test(String((error as { describe?: () => string }).describe?.() ?? error.message)),
    );
  });
});
