import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type HttpOptions } from "../../../core/index.js";
import { Clock, SluiceError } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { startLoopback, type Loopback, type Reply } from "./support.js";

let server: Loopback;
let reply: (attempt: number) => Reply;

before(async () => {
  server = await startLoopback(() => reply(server.requests.length));
});
after(() => server.close());

/** Every request answered by `answer` (given the attempt number, from 1); the request log starts empty. */
function serve(answer: (attempt: number) => Reply): void {
  server.requests.length = 0;
  reply = answer;
}

const UNAVAILABLE: Reply = { status: 503, body: { error: "maintenance" } };
const constant = (seconds: number) => [{ type: "ConstantBackoffStrategy", backoff_time_in_seconds: seconds }];

interface Outcome {
  records: unknown[];
  error?: SluiceError;
  sleeps: number[];
}

/** Reads `items` with `errorHandler`, on a clock whose time moves only by the waits. */
async function read(errorHandler: Record<string, unknown>, options: { http?: Partial<HttpOptions>; config?: Record<string, unknown>; clock?: Clock } = {}): Promise<Outcome> {
  const clock = options.clock ?? new FakeClock();
  const sluice = createSluice({ logLevel: "error", http: options.http }).register(Clock, clock);
  const connector = await sluice.connect({ manifest: oneStreamManifest({ urlBase: server.url, requester: { error_handler: errorHandler } }), config: options.config ?? {} });
  const records: unknown[] = [];
  const sleeps = clock instanceof FakeClock ? clock.sleeps : [];
  try {
    for await (const record of connector.read("items")) records.push(record);
  } catch (error) {
    assert.ok(error instanceof SluiceError, String(error));
    return { records, error, sleeps };
  }
  return { records, sleeps };
}

describe("DefaultErrorHandler.max_time", () => {
  it("bounds the retries of one request in seconds from its first attempt: a server that keeps answering 503 fails with HTTP_MAX_TIME", async () => {
    serve(() => UNAVAILABLE);
    // Attempts at 0, 3, 6 and 9 s; the next would start at 12 s, past the 10 s limit, so it is not waited for.
    const { error, sleeps } = await read({ type: "DefaultErrorHandler", max_retries: 100, max_time: 10, backoff_strategies: constant(3) });
    assert.equal(error?.code, "HTTP_MAX_TIME");
    assert.equal(error?.failureType, "transient_error");
    assert.match(error.message, /GET http:\/\/127\.0\.0\.1:\d+\/items did not succeed within the error handler's max_time of 10 s \(4 attempts\)/);
    assert.match(error.message, /answered 503 after 4 attempts: \{"error":"maintenance"\}/);
    assert.equal(error.where.stream, "items");
    assert.equal((error.cause as SluiceError).code, "HTTP_STATUS");
    assert.deepEqual(sleeps, [3_000, 3_000, 3_000]);
    assert.equal(server.requests.length, 4);
  });

  it("bounds waits a 429's Retry-After asks for, and may be a template over config", async () => {
    serve(() => ({ status: 429, headers: { "Retry-After": "4" }, body: { error: "slow down" } }));
    const handler = { type: "DefaultErrorHandler", max_retries: 100, max_time: "{{ config['retry_seconds'] }}", backoff_strategies: [{ type: "WaitTimeFromHeader", header: "Retry-After" }] };
    const { error, sleeps } = await read(handler, { config: { retry_seconds: 9 } });
    assert.equal(error?.code, "HTTP_MAX_TIME");
    assert.match(error.message, /max_time of 9 s \(3 attempts\); last: .*answered 429/);
    assert.deepEqual(sleeps, [4_000, 4_000]);
    assert.equal(server.requests.length, 3);
  });

  it("a request that succeeds within max_time is read as usual", async () => {
    serve((attempt) => (attempt < 3 ? UNAVAILABLE : { body: { data: [{ id: 1 }] } }));
    const { error, records, sleeps } = await read({ type: "DefaultErrorHandler", max_time: 10, backoff_strategies: constant(3) });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1 }]);
    assert.deepEqual(sleeps, [3_000, 3_000]);
  });

  it("max_retries and max_time both apply: whichever is reached first ends the retries", async () => {
    serve(() => UNAVAILABLE);
    const byRetries = await read({ type: "DefaultErrorHandler", max_retries: 2, max_time: 600, backoff_strategies: constant(3) });
    assert.equal(byRetries.error?.code, "HTTP_STATUS");
    assert.match(byRetries.error.message, /answered 503 after 3 attempts/);
    assert.equal(server.requests.length, 3);
  });

  it("defaults to 600 s, as in the kit, once the host's request deadline allows more", async () => {
    serve(() => UNAVAILABLE);
    // Attempts every 100 s: at 0..500 s; the one at 600 s would be past the default max_time.
    const { error, sleeps } = await read({ type: "DefaultErrorHandler", max_retries: 1_000, backoff_strategies: constant(100) }, { http: { requestDeadlineMs: 3_600_000, maxDelayMs: 3_600_000 } });
    assert.equal(error?.code, "HTTP_MAX_TIME");
    assert.match(error.message, /max_time of 600 s \(6 attempts\)/);
    assert.equal(sleeps.length, 5);
  });

  it("the host's request deadline still applies and, when tighter, fails with HTTP_DEADLINE", async () => {
    serve(() => UNAVAILABLE);
    const { error } = await read({ type: "DefaultErrorHandler", max_retries: 100, max_time: 60, backoff_strategies: constant(3) }, { http: { requestDeadlineMs: 7_000 } });
    assert.equal(error?.code, "HTTP_DEADLINE");
    assert.match(error.message, /deadline of 7 s \(3 attempts\)/);
  });

  it("in a CompositeErrorHandler the longest max_time of its handlers applies, as in the kit", async () => {
    serve(() => UNAVAILABLE);
    const composite = {
      type: "CompositeErrorHandler",
      error_handlers: [
        { type: "DefaultErrorHandler", max_retries: 100, max_time: 5, backoff_strategies: constant(3) },
        { type: "DefaultErrorHandler", max_time: 20 },
      ],
    };
    const { error } = await read(composite);
    // Attempts at 0, 3, ... 18 s: seven, bounded by the second handler's 20 s.
    assert.equal(error?.code, "HTTP_MAX_TIME");
    assert.match(error.message, /max_time of 20 s \(7 attempts\)/);
    assert.equal(server.requests.length, 7);
  });

  it("also bounds real time: a 0.5 s max_time against a server that keeps answering 503", async () => {
    serve(() => UNAVAILABLE);
    const started = performance.now();
    const { error } = await read({ type: "DefaultErrorHandler", max_retries: 100, max_time: 0.5, backoff_strategies: constant(0.1) }, { clock: { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) } });
    const ms = performance.now() - started;
    assert.equal(error?.code, "HTTP_MAX_TIME");
    assert.ok(server.requests.length >= 2 && server.requests.length <= 5, `${server.requests.length} requests`);
    assert.ok(ms >= 300, `failed after ${Math.round(ms)} ms, before its max_time`);
  });

  it("a max_time that is not a positive number is a manifest error naming the field", async () => {
    for (const maxTime of [0, -5, "soon"]) {
      const sluice = createSluice({ logLevel: "error" });
      const manifest = oneStreamManifest({ urlBase: server.url, requester: { error_handler: { type: "DefaultErrorHandler", max_time: maxTime } } });
      await assert.rejects(
        async () => sluice.connect({ manifest }),
        (error: SluiceError) => error.code === "MANIFEST_INVALID" && /max_time/.test(error.message) && /error_handler\.max_time/.test(String(error.where.manifestPath)),
      );
    }
  });
});
