import { test } from "node:test";
import assert from "node:assert/strict";
import { QuotaPools } from "../../../plugins/auth/quota-pools.js";
import type { QuotaState } from "../../../plugins/auth/quota-status-source.js";
import { TokenQuota } from "../../../plugins/auth/token-quota.js";
import { FakeClock } from "../../support/fake-clock.js";

// The reconciling rules of the kit's `update_from_response`, one by one, on the counters alone.
const NOW = Date.parse("2024-05-01T00:00:00Z");
const RESET = NOW / 1000 + 3600; // epoch seconds, as the headers send it
const quota = new TokenQuota("core", ["r"], ["t"], undefined, [], { remaining: "X-Remaining", reset: "X-Reset", limit: "X-Limit" }, [429]);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function pools(states: Record<string, Partial<QuotaState>>) {
  const seeded = new Map(Object.entries(states).map(([token, s]) => [token, new Map([["core", { remaining: 10, resetAt: RESET * 1000, limit: 100, tracked: true, ...s }]])]));
  const made = new QuotaPools({ tokens: Object.keys(states), quotas: [quota], seed: async () => seeded, clock: new FakeClock(NOW), logger: silent, maxWaitMs: 7_200_000, budgetReserveFraction: 0, budgetMinReserve: 0 });
  await made.ensureSeeded();
  return { made, state: (token: string) => seeded.get(token)!.get("core")! };
}
const headers = (values: Record<string, string | number>) => (name: string) => (values[name] === undefined ? undefined : String(values[name]));

test("same window: the count only goes down; a slower response with a higher count is ignored", async () => {
  const { made, state } = await pools({ a: {} });
  made.update("a", quota, 200, headers({ "X-Remaining": 4, "X-Reset": RESET }));
  made.update("a", quota, 200, headers({ "X-Remaining": 7, "X-Reset": RESET }));
  assert.equal(state("a").remaining, 4);
});

test("a later reset is a new window: its count and reset are taken; without a count, the limit", async () => {
  const { made, state } = await pools({ a: { remaining: 0 }, b: { remaining: 0 } });
  made.update("a", quota, 200, headers({ "X-Remaining": 99, "X-Reset": RESET + 3600 }));
  assert.deepEqual([state("a").remaining, state("a").resetAt], [99, (RESET + 3600) * 1000]);
  made.update("b", quota, 200, headers({ "X-Reset": RESET + 3600, "X-Limit": 60 }));
  assert.deepEqual([state("b").remaining, state("b").limit], [60, 60]);
});

test("a count from a window long gone is ignored, unless it is a zero on an exhaustion status", async () => {
  const { made, state } = await pools({ a: {} });
  made.update("a", quota, 200, headers({ "X-Remaining": 0, "X-Reset": RESET - 3600 }));
  assert.equal(state("a").remaining, 10, "the last call of a finished window");
  made.update("a", quota, 200, headers({ "X-Remaining": 3, "X-Reset": RESET - 30 }));
  assert.equal(state("a").remaining, 3, "within the 60 s skew: the current window");
  made.update("a", quota, 429, headers({ "X-Remaining": 0, "X-Reset": RESET - 3600 }));
  assert.equal(state("a").remaining, 0, "a rate-limited zero always counts");
});

test("an exhaustion status without a count empties the pool; a limit from an older window is not taken", async () => {
  const { made, state } = await pools({ a: {} });
  made.update("a", quota, 200, headers({ "X-Limit": 5, "X-Reset": RESET - 3600 }));
  assert.equal(state("a").limit, 100);
  made.update("a", quota, 429, headers({}));
  assert.equal(state("a").remaining, 0);
});

test("an untracked pool ignores headers; another token is an alternative only when the sender is spent", async () => {
  const { made, state } = await pools({ a: { remaining: 0 }, b: { remaining: 5 }, c: { tracked: false, remaining: 0 } });
  made.update("c", quota, 200, headers({ "X-Remaining": 50, "X-Reset": RESET + 3600 }));
  assert.equal(state("c").remaining, 0);
  assert.equal(made.hasAlternative("a", quota), true);
  assert.equal(made.hasAlternative("b", quota), false, "the sender still has calls: a secondary limit, wait");
  assert.equal(made.hasAlternative("c", quota), false, "untracked: no counters to argue with the server's wait");
  assert.equal(made.hasAlternative("unknown", quota), false);
});
