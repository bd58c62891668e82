import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { createSluice, DEFAULT_HTTP_OPTIONS, type HttpOptions } from "../../../core/index.js";
import { Clock, HttpRequestError, SluiceError } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** A server that accepts every connection and request and never answers. */
async function silentServer(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let count = 0;
  const server: Server = createServer(() => void count++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const RETRY_TEN_TIMES = { type: "DefaultErrorHandler", max_retries: 10 };
const RETRY_AFTER_HEADER = { type: "DefaultErrorHandler", max_retries: 10, backoff_strategies: [{ type: "WaitTimeFromHeader", header: "Retry-After" }] };

function manifest(url: string, errorHandler: Record<string, unknown>): Record<string, unknown> {
  return oneStreamManifest({ urlBase: url, requester: { error_handler: errorHandler } });
}

/** The read's error, and how long it took (a lower bound proves a wait; a read that never ends is the test's timeout). */
async function readFailure(url: string, http: Partial<HttpOptions>, clock?: FakeClock, errorHandler = RETRY_TEN_TIMES): Promise<{ error: SluiceError; ms: number }> {
  const sluice = createSluice({ http, logLevel: "error" });
  if (clock) sluice.register(Clock, clock);
  const connector = await sluice.connect({ manifest: manifest(url, errorHandler) });
  const started = performance.now();
  try {
    for await (const _ of connector.read("items")) assert.fail("no record expected");
  } catch (error) {
    assert.ok(error instanceof SluiceError, String(error));
    return { error, ms: performance.now() - started };
  }
  return assert.fail("the read should fail");
}

describe("time limits of a request", { timeout: 30_000 }, () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  before(async () => {
    silent = await silentServer();
  });
  after(() => silent.close());

  it("a server that never answers fails the request at its total deadline, retries included", async () => {
    const before = silent.requests();
    const { error, ms } = await readFailure(silent.url, { timeoutMs: 300, requestDeadlineMs: 1_000, baseDelayMs: 20, maxDelayMs: 50 });
    assert.ok(error instanceof HttpRequestError);
    assert.equal(error.code, "HTTP_DEADLINE");
    assert.equal(error.failureType, "transient_error");
    assert.match(error.message, /deadline of 1 s/);
    assert.match(error.message, /timed out after [\d.]+ s/);
    // About three attempts of 300 ms and a last one cut short by the deadline (fewer on a loaded machine),
    // never the manifest's 11 attempts.
    assert.ok(silent.requests() - before >= 2 && silent.requests() - before <= 4, `${silent.requests() - before} requests`);
    assert.ok(ms >= 900, `failed after ${Math.round(ms)} ms, before the deadline`);
  });

  it("--max-retries (maxRetriesOverride) replaces the manifest's max_retries: 0 fails after one attempt", async () => {
    // A server of its own: a late request of the previous test must not be counted here.
    const own = await silentServer();
    try {
      const { error } = await readFailure(own.url, { timeoutMs: 200, requestDeadlineMs: 60_000, maxRetriesOverride: 0 });
      assert.equal(error.code, "HTTP_TIMEOUT");
      assert.equal(own.requests(), 1);
    } finally {
      await own.close();
    }
  });

  it("a retry whose wait would end past the deadline is not waited for", async () => {
    // The server asks to come back in an hour; the fake clock shows no sleep was started.
    const limited = createServer((_req, res) => res.writeHead(429, { "Retry-After": "3600", "Content-Type": "application/json" }).end("{}"));
    await new Promise<void>((resolve) => limited.listen(0, "127.0.0.1", resolve));
    const clock = new FakeClock();
    try {
      const url = `http://127.0.0.1:${(limited.address() as AddressInfo).port}`;
      const { error } = await readFailure(url, { requestDeadlineMs: 120_000, maxDelayMs: 3_600_000 }, clock, RETRY_AFTER_HEADER);
      assert.equal(error.code, "HTTP_DEADLINE");
      assert.match(error.message, /answered 429/);
      assert.deepEqual(clock.sleeps, []);
    } finally {
      limited.closeAllConnections();
      limited.close();
    }
  });

  it("with the defaults, a silent server fails in at most 3 minutes, well under the former 385 s", () => {
    // Worst case without the deadline: every attempt runs to its timeout and every backoff to its full length.
    const { timeoutMs, requestDeadlineMs, maxRetries, baseDelayMs, maxDelayMs } = DEFAULT_HTTP_OPTIONS;
    let worst = 0;
    for (let attempt = 1; attempt <= maxRetries + 1; attempt++) worst += timeoutMs + (attempt <= maxRetries ? Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)) : 0);
    const bound = Math.min(worst, requestDeadlineMs);
    assert.ok(bound <= 180_000, `${bound} ms`);
    assert.ok(bound < 385_000 / 2, `${bound} ms`);
  });
});
