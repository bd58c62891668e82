import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { readWithHandler, startLoopback, type Loopback, type Reply } from "./support.js";

let server: Loopback;
let route: (path: string, attempt: number) => Reply;
const attempts = new Map<string, number>();

before(async () => {
  server = await startLoopback((req) => {
    const key = req.url.pathname;
    const n = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, n);
    return route(key, n);
  });
});
after(() => server.close());

function serve(handler: (attempt: number) => Reply): void {
  attempts.clear();
  server.requests.length = 0;
  route = (_path, attempt) => handler(attempt);
}

const ok: Reply = { body: { data: [{ id: 1 }, { id: 2 }] } };

test("a 404 matched by an IGNORE filter ends the stream with no records and no error, even with an HTML body", async () => {
  serve(() => ({ status: 404, headers: { "Content-Type": "text/html" }, body: "<html>Not Found</html>" }));
  const result = await readWithHandler(server.url, { type: "DefaultErrorHandler", response_filters: [{ type: "HttpResponseFilter", http_codes: [404], action: "IGNORE" }] }, { fieldPath: [] });
  assert.equal(result.error, undefined);
  assert.deepEqual(result.records, []);
  assert.equal(server.requests.length, 1);
});

test("an ignored 404 with a JSON error body yields no record from that body", async () => {
  serve(() => ({ status: 404, body: { message: "board not found" } }));
  const result = await readWithHandler(server.url, { response_filters: [{ http_codes: [404], action: "IGNORE" }] }, { fieldPath: [] });
  assert.equal(result.error, undefined);
  assert.deepEqual(result.records, []);
});

test("an IGNORE filter matching an ok response by predicate reads its records as usual", async () => {
  serve(() => ({ body: { data: [{ id: 7 }], warning: "partial" } }));
  const result = await readWithHandler(server.url, { type: "DefaultErrorHandler", response_filters: [{ type: "HttpResponseFilter", predicate: "{{ 'warning' in response }}", action: "IGNORE" }] });
  assert.deepEqual(result.records, [{ id: 7 }]);
});

test("a 503 is retried after the constant backoff, then the records are read", async () => {
  serve((attempt) => (attempt < 3 ? { status: 503, body: { error: "busy" } } : ok));
  const result = await readWithHandler(server.url, { type: "DefaultErrorHandler", backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 30 }] });
  assert.equal(result.error, undefined);
  assert.deepEqual(result.records, [{ id: 1 }, { id: 2 }]);
  assert.deepEqual(result.sleeps, [30_000, 30_000]);
  assert.equal(server.requests.length, 3);
});

test("exponential backoff waits factor * 2^attempt seconds, counting attempts from 1", async () => {
  serve((attempt) => (attempt < 3 ? { status: 500, body: {} } : ok));
  const result = await readWithHandler(server.url, { backoff_strategies: [{ type: "ExponentialBackoffStrategy", factor: 1.5 }] });
  assert.deepEqual(result.sleeps, [3_000, 6_000]);
  assert.equal(result.records.length, 2);
});

test("max_retries bounds the attempts (a template over config works), then the read fails naming the status", async () => {
  serve(() => ({ status: 502, body: { message: "bad gateway" } }));
  const result = await readWithHandler(
    server.url,
    { type: "DefaultErrorHandler", max_retries: "{{ config['retries'] }}", backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 1 }] },
    { config: { retries: 2 } },
  );
  assert.equal(server.requests.length, 3);
  assert.equal(result.error?.code, "HTTP_STATUS");
  assert.equal(result.error?.status, 502);
  assert.equal(result.error?.failureType, "transient_error");
});

test("a FAIL filter stops at once with its rendered error_message and failure_type", async () => {
  serve(() => ({ status: 400, body: { error: { code: "plan_limit", message: "Upgrade your plan" } } }));
  const result = await readWithHandler(server.url, {
    type: "DefaultErrorHandler",
    response_filters: [
      { type: "HttpResponseFilter", predicate: "{{ response.error.code == 'plan_limit' }}", action: "FAIL", failure_type: "config_error", error_message: "Plan limit: {{ response.error.message }}" },
    ],
  });
  assert.equal(server.requests.length, 1);
  assert.equal(result.error?.failureType, "config_error");
  assert.match(result.error!.message, /^Plan limit: Upgrade your plan: GET http:\/\/127\.0\.0\.1:\d+\/items answered 400/);
});

test("error_message_contains matches the API's nested error message and its action applies", async () => {
  serve((attempt) => (attempt === 1 ? { status: 400, body: { errors: [{ message: "Request throttled, slow down" }] } } : ok));
  const result = await readWithHandler(server.url, {
    response_filters: [{ type: "HttpResponseFilter", error_message_contains: "throttled", action: "RETRY" }],
    backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 2 }],
  });
  assert.equal(result.error, undefined);
  assert.deepEqual(result.sleeps, [2_000]);
  assert.equal(result.records.length, 2);
});

test("without a matching filter 401 and 403 fail at once as config errors, 404 as a system error", async () => {
  for (const [status, failureType] of [[401, "config_error"], [403, "config_error"], [404, "system_error"]] as const) {
    serve(() => ({ status, body: { message: "no" } }));
    const result = await readWithHandler(server.url, { type: "DefaultErrorHandler", response_filters: [{ http_codes: [418], action: "IGNORE" }] });
    assert.equal(server.requests.length, 1, `status ${status}`);
    assert.equal(result.error?.failureType, failureType, `status ${status}`);
    assert.match(result.error!.message, new RegExp(`HTTP Status Code: ${status}`));
  }
});

test("an unmapped client error (422) fails at once; an unmapped 5xx (520) is retried", async () => {
  serve(() => ({ status: 422, body: { message: "bad field" } }));
  const unprocessable = await readWithHandler(server.url, { type: "DefaultErrorHandler" });
  assert.equal(server.requests.length, 1);
  assert.equal(unprocessable.error?.status, 422);

  serve((attempt) => (attempt === 1 ? { status: 520, body: {} } : ok));
  const unknown = await readWithHandler(server.url, { type: "DefaultErrorHandler", backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 1 }] });
  assert.equal(unknown.error, undefined);
  assert.equal(server.requests.length, 2);
});

test("a network error is retried with the backoff strategies, then fails as transient", async () => {
  const closed = await startClosedPort();
  const result = await readWithHandler(closed, { max_retries: 1, backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 3 }] });
  assert.deepEqual(result.sleeps, [3_000]);
  assert.equal(result.error?.code, "HTTP_NETWORK");
  assert.equal(result.error?.failureType, "transient_error");
});

test("a RETRY filter on an ok response retries it (an API that reports errors with status 200)", async () => {
  serve((attempt) => (attempt === 1 ? { body: { ok: false, error: "ratelimited" } } : { body: { ok: true, data: [{ id: 3 }] } }));
  const result = await readWithHandler(server.url, {
    response_filters: [{ predicate: "{{ response.ok == false and response.error == 'ratelimited' }}", action: "RATE_LIMITED" }],
    backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 1 }],
  });
  assert.deepEqual(result.records, [{ id: 3 }]);
  assert.deepEqual(result.sleeps, [1_000]);
});

async function startClosedPort(): Promise<string> {
  const temp = await startLoopback(() => ({ body: {} }));
  const url = temp.url;
  await temp.close();
  return url;
}
