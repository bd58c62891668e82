import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { readWithHandler, recordingClock, startLoopback, type Loopback, type Reply } from "./support.js";

let server: Loopback;
let handler: (attempt: number) => Reply;
let attempt = 0;

before(async () => {
  server = await startLoopback(() => handler(++attempt));
});
after(() => server.close());

function serve(h: (attempt: number) => Reply): void {
  attempt = 0;
  handler = h;
}

const ok: Reply = { body: { data: [{ id: 1 }] } };
const NOW_S = Date.UTC(2024, 0, 1) / 1000;

test("WaitTimeFromHeader waits the seconds of Retry-After (any header casing)", async () => {
  serve((n) => (n === 1 ? { status: 429, headers: { "retry-after": "7" }, body: {} } : ok));
  const result = await readWithHandler(server.url, { backoff_strategies: [{ type: "WaitTimeFromHeader", header: "Retry-After" }] });
  assert.deepEqual(result.sleeps, [7_000]);
  assert.deepEqual(result.records, [{ id: 1 }]);
});

test("WaitTimeFromHeader extracts the number with a regex matched at the start of the value", async () => {
  serve((n) => (n === 1 ? { status: 429, headers: { "X-Wait": "12.5s left" }, body: {} } : ok));
  const result = await readWithHandler(server.url, { backoff_strategies: [{ type: "WaitTimeFromHeader", header: "{{ config['wait_header'] }}", regex: "[0-9.]+" }] }, { config: { wait_header: "X-Wait" } });
  assert.deepEqual(result.sleeps, [12_500]);
});

test("without the header WaitTimeFromHeader has no opinion and the next strategy decides", async () => {
  serve((n) => (n === 1 ? { status: 503, body: {} } : ok));
  const result = await readWithHandler(server.url, {
    backoff_strategies: [{ type: "WaitTimeFromHeader", header: "Retry-After" }, { type: "ConstantBackoffStrategy", backoff_time_in_seconds: 4 }],
  });
  assert.deepEqual(result.sleeps, [4_000]);
});

test("a header wait at or above max_waiting_time_in_seconds stops the read as a transient error", async () => {
  serve(() => ({ status: 429, headers: { "Retry-After": "3600" }, body: {} }));
  const result = await readWithHandler(server.url, { backoff_strategies: [{ type: "WaitTimeFromHeader", header: "Retry-After", max_waiting_time_in_seconds: 600 }] });
  assert.equal(result.error?.code, "RATE_LIMIT_WAIT_TOO_LONG");
  assert.equal(result.error?.failureType, "transient_error");
  assert.deepEqual(result.sleeps, []);
  assert.equal(attempt, 1);
});

test("WaitUntilTimeFromHeader waits until the epoch second the header names", async () => {
  serve((n) => (n === 1 ? { status: 429, headers: { "X-RateLimit-Reset": String(NOW_S + 42) }, body: {} } : ok));
  const result = await readWithHandler(server.url, { backoff_strategies: [{ type: "WaitUntilTimeFromHeader", header: "X-RateLimit-Reset" }] }, { clock: recordingClock() });
  assert.deepEqual(result.sleeps, [42_000]);
});

test("WaitUntilTimeFromHeader waits at least min_wait, and min_wait alone when the header is missing", async () => {
  serve((n) => (n === 1 ? { status: 429, headers: { "X-RateLimit-Reset": String(NOW_S + 1) }, body: {} } : n === 2 ? { status: 429, body: {} } : ok));
  const result = await readWithHandler(server.url, { backoff_strategies: [{ type: "WaitUntilTimeFromHeader", header: "X-RateLimit-Reset", min_wait: 5 }] });
  assert.deepEqual(result.sleeps, [5_000, 5_000]);
});

test("WaitUntilTimeFromHeader has no opinion about a time already past (without min_wait)", async () => {
  serve((n) => (n === 1 ? { status: 429, headers: { "X-RateLimit-Reset": String(NOW_S - 10) }, body: {} } : ok));
  const result = await readWithHandler(server.url, {
    backoff_strategies: [{ type: "WaitUntilTimeFromHeader", header: "X-RateLimit-Reset" }, { type: "ConstantBackoffStrategy", backoff_time_in_seconds: 9 }],
  });
  assert.deepEqual(result.sleeps, [9_000]);
});

test("a static backoff that is not a number is refused when the connector is built", async () => {
  serve(() => ok);
  await assert.rejects(
    readWithHandler(server.url, { backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: "soon" }] }),
    (error: { code?: string; message: string }) => error.code === "MANIFEST_INVALID" && /backoff_time_in_seconds/.test(error.message),
  );
  assert.equal(attempt, 0);
});
