import { test, afterEach } from "node:test";
import assert from "node:assert/strict";
import { SluiceError } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { readAll } from "./support/connector.js";
import { captureLogs, githubAuthenticator, quotaConnector, startQuotaApi, type Pool, type QuotaApi } from "./support/quota-api.js";

// When every token is spent: wait for the earliest reset, at most max_wait_time in all, then a clear
// error; and the tokens never appear in an error or a log line.
const START = Date.parse("2024-05-01T00:00:00Z");
const at = (minutes: number) => START / 1000 + minutes * 60;
const spent = (resetMinutes: number, limit = 5000): Pool => ({ remaining: 0, limit, reset: at(resetMinutes) });
const TOKENS = ["ghp_alpha0123456789", "ghp_bravo0123456789"];
const config = { credentials: { personal_access_token: TOKENS.join(",") } };

let api: QuotaApi | undefined;
afterEach(() => api?.close());

function assertNoToken(text: string, what: string): void {
  for (const token of TOKENS) assert.ok(!text.includes(token), `${what} shows a token: ${text}`);
}

test("every token spent: the request waits for the earliest reset, re-reads the status endpoint, then goes", async () => {
  const clock = new FakeClock(START);
  const logs = captureLogs();
  api = await startQuotaApi({ now: () => clock.now(), pages: 2, pools: { [TOKENS[0]!]: { core: spent(45), search: spent(45) }, [TOKENS[1]!]: { core: spent(30), search: spent(30) } } });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, { max_wait_time: "PT1H" }), config, clock, logs.logger);
  assert.equal((await readAll(connector, "items")).length, 2);
  assert.equal(clock.sleeps.reduce((a, b) => a + b, 0), 30 * 60_000, "waited until bravo's reset, in 60 s heartbeats");
  assert.deepEqual(api.statusTokens(), [...TOKENS, ...TOKENS], "the status endpoint is read again after the wait, not from a cache");
  assert.deepEqual(api.dataTokens(), [TOKENS[1], TOKENS[1]]);
  assert.ok(logs.lines.some((line) => line.includes("All tokens exhausted (quota: core). Waiting 1800s")), logs.lines.join("\n"));
  for (const line of logs.lines) assertNoToken(line, "a log line");
});

test("a reset further away than max_wait_time fails at once with AUTH_QUOTA_EXHAUSTED, before any data request", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), pools: { [TOKENS[0]!]: { core: spent(180), search: spent(10) }, [TOKENS[1]!]: { core: spent(150), search: spent(10) } } });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, { max_wait_time: "PT2H" }), config, clock);
  const error = await readAll(connector, "items").then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof SluiceError, String(error));
  assert.equal(error.code, "AUTH_QUOTA_EXHAUSTED");
  assert.equal(error.failureType, "transient_error");
  assert.match(error.message, /Rate limit is exceeded for all 2 provided tokens \(quota: core\); the next reset is at 2024-05-01T02:30:00.000Z, beyond max_wait_time \(7200 s\)/);
  assertNoToken(`${error.message} ${error.stack} ${JSON.stringify(error)}`, "the error");
  assert.deepEqual(api.dataTokens(), []);
  assert.deepEqual(clock.sleeps, []);
});

test("max_wait_time bounds the total wait: a window that resets without calls is not waited out again", async () => {
  const clock = new FakeClock(START);
  // limit 0: after the reset the pools refill to nothing, and the next reset is an hour away.
  api = await startQuotaApi({ now: () => clock.now(), pools: { [TOKENS[0]!]: { core: spent(30, 0), search: spent(30) }, [TOKENS[1]!]: { core: spent(30, 0), search: spent(30) } } });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, { max_wait_time: "PT80M" }), config, clock);
  await assert.rejects(readAll(connector, "items"), (e: unknown) => e instanceof SluiceError && e.code === "AUTH_QUOTA_EXHAUSTED");
  assert.equal(clock.sleeps.reduce((a, b) => a + b, 0), 30 * 60_000, "30 min waited; 50 min were left, the next reset is 60 min away");
  assert.deepEqual(api.statusTokens(), [...TOKENS, ...TOKENS]);
  assert.deepEqual(api.dataTokens(), []);
});

test("below the reserve, requests are spread over the time to the reset (proactive throttling, 10 s at most)", async () => {
  const clock = new FakeClock(START);
  const logs = captureLogs();
  const pool = (remaining: number): Pool => ({ remaining, limit: 5000, reset: at(60) });
  api = await startQuotaApi({ now: () => clock.now(), pages: 2, pools: { [TOKENS[0]!]: { core: pool(10), search: pool(10) }, [TOKENS[1]!]: { core: pool(10), search: pool(10) } } });
  const authenticator = githubAuthenticator(api.url, { budget_reserve_fraction: 0.1, budget_min_reserve: 50 });
  const connector = await quotaConnector(api.url, authenticator, config, clock, logs.logger);
  await readAll(connector, "items");
  assert.deepEqual(clock.sleeps, [10_000, 10_000], "3600 s / 19 calls left is over the 10 s cap");
  assert.equal(logs.lines.filter((line) => line.includes("API budget: throttling requests (10.0s delay) for quota 'core'")).length, 1, "logged once");
});

test("a failing status endpoint fails the read naming the request, with every token masked in the error and the logs", async () => {
  const clock = new FakeClock(START);
  const logs = captureLogs();
  api = await startQuotaApi({ now: () => clock.now(), statusAnswer: 500, pools: {} });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url), config, clock, logs.logger);
  const error = await readAll(connector, "items").then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof SluiceError, String(error));
  assert.equal(error.code, "HTTP_STATUS");
  assert.match(error.message, /GET http:\/\/127\.0\.0\.1:\d+\/rate_limit answered 500/);
  assertNoToken(`${error.message} ${error.stack} ${JSON.stringify(error)}`, "the error");
  assert.ok(logs.lines.length > 0);
  for (const line of logs.lines) assertNoToken(line, "a log line");
});

test("a status answer without a configured path is AUTH_QUOTA_STATUS_INVALID (system_error), naming the pool", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), pools: { [TOKENS[0]!]: { core: spent(10), search: spent(10) }, [TOKENS[1]!]: { core: spent(10), search: spent(10) } } });
  const connector = await quotaConnector(api.url, githubAuthenticator(api.url, {}, { remaining_path: ["resources", "core", "left"] }), config, clock);
  const error = await readAll(connector, "items").then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof SluiceError && error.code === "AUTH_QUOTA_STATUS_INVALID", String(error));
  assert.equal(error.failureType, "system_error");
  assert.match(error.message, /does not contain the configured remaining path for token quota "search"/);
});

test("tokens that render empty, and a calendar max_wait_time, are refused when the connector is built", async () => {
  const clock = new FakeClock(START);
  api = await startQuotaApi({ now: () => clock.now(), pools: {} });
  await assert.rejects(quotaConnector(api.url, githubAuthenticator(api.url), { credentials: { personal_access_token: " , ," } }, clock), (e: unknown) => e instanceof SluiceError && e.code === "AUTH_TOKENS_MISSING" && e.failureType === "config_error");
  await assert.rejects(quotaConnector(api.url, githubAuthenticator(api.url, { max_wait_time: "P1M" }), config, clock), (e: unknown) => e instanceof SluiceError && e.code === "AUTH_DEFINITION_INVALID" && /fixed-length/.test(e.message));
  assert.deepEqual(api.seen, [], "nothing was sent");
});
