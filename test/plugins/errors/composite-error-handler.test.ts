import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { readWithHandler, startLoopback, type Loopback, type Reply } from "./support.js";

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

test("a FAIL from the first handler lets the next one decide (here: ignore the 403)", async () => {
  serve(() => ({ status: 403, body: { message: "missing scope" } }));
  const result = await readWithHandler(server.url, {
    type: "CompositeErrorHandler",
    error_handlers: [
      { type: "DefaultErrorHandler", response_filters: [{ type: "HttpResponseFilter", http_codes: [500], action: "RETRY" }] },
      { type: "DefaultErrorHandler", response_filters: [{ type: "HttpResponseFilter", http_codes: [403], action: "IGNORE" }] },
    ],
  });
  assert.equal(result.error, undefined);
  assert.deepEqual(result.records, []);
  assert.equal(attempt, 1);
});

test("the first RETRY wins, the first handler's max_retries counts, and backoff strategies are pooled", async () => {
  serve(() => ({ status: 500, body: {} }));
  const result = await readWithHandler(server.url, {
    type: "CompositeErrorHandler",
    error_handlers: [
      { max_retries: 2, response_filters: [{ http_codes: [500], action: "RETRY" }] },
      { max_retries: 9, backoff_strategies: [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 6 }] },
    ],
  });
  assert.equal(attempt, 3);
  assert.deepEqual(result.sleeps, [6_000, 6_000]);
  assert.equal(result.error?.status, 500);
});

test("when every handler fails the last handler's failure stands", async () => {
  serve(() => ({ status: 400, body: { message: "nope" } }));
  const result = await readWithHandler(server.url, {
    type: "CompositeErrorHandler",
    error_handlers: [
      { response_filters: [{ http_codes: [400], action: "FAIL", error_message: "first" }] },
      { response_filters: [{ http_codes: [400], action: "FAIL", error_message: "second", failure_type: "config_error" }] },
    ],
  });
  assert.match(result.error!.message, /^second: /);
  assert.equal(result.error?.failureType, "config_error");
});

test("an ok response passes through a composite untouched", async () => {
  serve(() => ok);
  const result = await readWithHandler(server.url, { type: "CompositeErrorHandler", error_handlers: [{ response_filters: [{ http_codes: [404], action: "IGNORE" }] }] });
  assert.deepEqual(result.records, [{ id: 1 }]);
});

test("a CompositeErrorHandler without handlers is refused at build", async () => {
  serve(() => ok);
  await assert.rejects(readWithHandler(server.url, { type: "CompositeErrorHandler", error_handlers: [] }), /at least one error handler/);
  assert.equal(attempt, 0);
});

test("a filter with an action but no condition never matches (the kit accepts it)", async () => {
  serve(() => ({ status: 404, body: {} }));
  const result = await readWithHandler(server.url, { response_filters: [{ type: "HttpResponseFilter", action: "IGNORE" }] });
  assert.equal(result.error?.status, 404);
});
