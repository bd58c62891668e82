import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createSluice } from "../../../core/index.js";
import { manifestJsonSchema } from "../../../core/manifest/manifest-json-schema.js";
import { FakeClock } from "../../support/fake-clock.js";
import { readAll } from "./support/connector.js";
import { githubAuthenticator, quotaConnector, startQuotaApi, type Pool, type QuotaApi } from "./support/quota-api.js";

// A GitHub-like API: each personal access token has its own `core` and `search` pools, reported by
// GET /rate_limit and by X-RateLimit-* headers on every response (the kit's unit tests model the same).
const START = Date.parse("2024-05-01T00:00:00Z");
const reset = START / 1000 + 3600;
const pool = (remaining: number, limit = 5000): Pool => ({ remaining, limit, reset });
const config = { credentials: { personal_access_token: "ghp_alpha, ghp_bravo" } };

let api: QuotaApi | undefined;
afterEach(() => api?.close());

test("each token serves requests until its quota runs out, then the next one does", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), pools: { ghp_alpha: { core: pool(2), search: pool(30) }, ghp_bravo: { core: pool(3), search: pool(30) } }, pages: 5 });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url), config, clock);
  assert.equal((await readAll(connector, "items")).length, 5);
  assert.deepEqual(api.dataTokens(), ["ghp_alpha", "ghp_alpha", "ghp_bravo", "ghp_bravo", "ghp_bravo"]);
  assert.deepEqual(api.statusTokens(), ["ghp_alpha", "ghp_bravo"], "the status endpoint is read once per token, with that token");
  assert.deepEqual(clock.sleeps, [], "no request waited");
});

test("a list of tokens, the header and auth_method as written: the quota counted from the status endpoint alone", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), headers: false, pools: { ghp_alpha: { core: pool(1), search: pool(30) }, ghp_bravo: { core: pool(9), search: pool(30) } }, pages: 3 });
  const authenticator = githubAuthenticator(api.url, { tokens: ["{{ config['a'] }}", " {{ config['b'] }} ", "{{ config.get('c', '') }}"] }, { remaining_header: undefined, reset_header: undefined, limit_header: undefined });
  const connector = await quotaConnector(api.url, authenticator, { a: "ghp_alpha", b: "ghp_bravo" }, clock);
  await readAll(connector, "items");
  assert.deepEqual(api.dataTokens(), ["ghp_alpha", "ghp_bravo", "ghp_bravo"]);
  assert.match(String(api.seen[2]!.headers.authorization), /^token ghp_/, "auth_method: token");
});

test("the remaining count of each response corrects the counter: a token used elsewhere is left when the server says it is spent", async () => {
  const clock = new FakeClock(START);
  // The status endpoint says 100 calls left for alpha, but another client left it 1: its first response says 0.
  api = await startQuotaApi({ now: () => clock.now(), reportedCore: { ghp_alpha: 100 }, pools: { ghp_alpha: { core: pool(1), search: pool(30) }, ghp_bravo: { core: pool(50), search: pool(30) } }, pages: 4 });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url), config, clock);
  await readAll(connector, "items");
  assert.deepEqual(api.dataTokens(), ["ghp_alpha", "ghp_bravo", "ghp_bravo", "ghp_bravo"], "X-RateLimit-Remaining: 0 moved the next request to bravo");
});

test("without remaining_header the stale count stands: the same read keeps alpha and is refused", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), reportedCore: { ghp_alpha: 100 }, pools: { ghp_alpha: { core: pool(1), search: pool(30) }, ghp_bravo: { core: pool(50), search: pool(30) } }, pages: 2 });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, {}, { remaining_header: undefined }), config, clock);
  const error = await readAll(connector, "items").then(() => undefined, (e: unknown) => e);
  assert.match(String(error), /GET http:\/\/127\.0\.0\.1:\d+\/items\?cursor=2 answered 403: \{"message":"API rate limit exceeded"\}/);
  assert.ok(!/ghp_/.test(`${String(error)} ${JSON.stringify(error)}`), "no token in the error");
  assert.deepEqual(new Set(api.dataTokens()), new Set(["ghp_alpha"]));
});

test("a rate-limited answer on a spent token is retried at once on another token (exhaustion_status_codes, no remaining header)", async () => {
  const clock = new FakeClock(START);
  const noHeaders = { remaining_header: undefined, reset_header: undefined, limit_header: undefined, exhaustion_status_codes: [429] };
  api = await startQuotaApi({ now: () => clock.now(), headers: false, spentStatus: 429, reportedCore: { ghp_alpha: 5 }, pools: { ghp_alpha: { core: pool(0), search: pool(30) }, ghp_bravo: { core: pool(10), search: pool(30) } }, pages: 2 });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, {}, noHeaders), config, clock);
  await readAll(connector, "items");
  assert.deepEqual(api.dataTokens(), ["ghp_alpha", "ghp_bravo", "ghp_bravo"]);
  assert.deepEqual(clock.sleeps, [100], "retried after 100 ms on bravo, not after Retry-After: 3600");
});

test("a 429 on a token that still counts calls is not rotated early: the error handler's backoff applies", async () => {
  const clock = new FakeClock(START);
  const noHeaders = { remaining_header: undefined, reset_header: undefined, limit_header: undefined };
  api = await startQuotaApi({ now: () => clock.now(), headers: false, spentStatus: 429, reportedCore: { ghp_alpha: 50, ghp_bravo: 50 }, pools: { ghp_alpha: { core: pool(0), search: pool(30) }, ghp_bravo: { core: pool(0), search: pool(30) } }, pages: 1 });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, {}, noHeaders), config, clock);
  await assert.rejects(readAll(connector, "items"), /answered 429/);
  assert.ok(api.dataTokens().length > 2 && api.dataTokens().every((t) => t === "ghp_alpha"), api.dataTokens().join());
  assert.ok(!clock.sleeps.includes(100), `the backoff, not the rotation delay: ${clock.sleeps.join()}`);
});

test("matchers classify requests into pools: search requests spend the search pool, other requests the default pool", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), pools: { ghp_alpha: { core: pool(10), search: pool(1) }, ghp_bravo: { core: pool(10), search: pool(5) } }, pages: 2 });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url), config, clock, undefined, true);
  await readAll(connector, "search");
  await readAll(connector, "items");
  const tokens = api.seen.filter((r) => r.path !== "/rate_limit").map((r) => `${r.path} ${String(r.headers.authorization).slice(6)}`);
  assert.deepEqual(tokens, ["/search/issues ghp_alpha", "/search/issues ghp_bravo", "/items ghp_bravo", "/items ghp_bravo"]);
  assert.deepEqual(api.statusTokens(), ["ghp_alpha", "ghp_bravo"], "one authenticator, shared by both streams (their own $parameters notwithstanding): seeded once");
});

test("unavailable_status_codes: a status endpoint answering 404 leaves the tokens untracked, used in turn", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), statusAnswer: 404, pools: { ghp_alpha: { core: pool(10), search: pool(5) }, ghp_bravo: { core: pool(10), search: pool(5) } }, pages: 4 });
  const authenticator = githubAuthenticator(api.url, { quota_status_source: { type: "QuotaStatusSource", url: `${api.url}/rate_limit`, unavailable_status_codes: [404] } });
  const connector = await quotaConnector(api.url, authenticator, config, clock);
  await readAll(connector, "items");
  assert.deepEqual(api.dataTokens(), ["ghp_alpha", "ghp_bravo", "ghp_alpha", "ghp_bravo"]);
});

test("sluice schema shows the three types with the kit's titles and descriptions", () => {
  const text = JSON.stringify(manifestJsonSchema(createSluice().registry));
  for (const [title, description] of [
    ["Rate Limited Multiple Token Authenticator", "Authenticator that rotates between multiple interchangeable tokens, tracking each token's remaining call quota."],
    ["Token Quota", "A named per-token quota pool with matchers that classify outgoing requests into the pool."],
    ["Quota Status Source", "Describes the endpoint from which a token's current rate limit quota status can be fetched."],
  ]) {
    assert.ok(text.includes(JSON.stringify(title)), title);
    assert.ok(text.includes(description.replace(/'/g, "'")), description);
  }
});
