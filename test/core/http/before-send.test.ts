/**
 * The `beforeSend` seam: an authenticator's step that runs on the encoded request, for every attempt and
 * every same-origin redirect hop, on a real loopback server.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { RetryingHttpClient } from "../../../core/http/retrying-http-client.js";
import { DEFAULT_HTTP_OPTIONS } from "../../../core/http/http-options.js";
import { createNodeFetchTransport } from "../../../core/http/node-fetch-transport.js";
import {
  Authenticator,
  SecretRegistry,
  SluiceError,
  injectRequestValue,
  setWireValue,
  type BeforeSendContext,
  type EncodedRequest,
  type ObservedExchange,
  type OutgoingRequest,
} from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { startLoopback, type Loopback, type Reply, type SeenRequest } from "../../support/loopback.js";

/** Signs with a counter, so each signing is told apart; refreshes on a 401. */
class CountingSigner extends Authenticator {
  readonly seen: Array<BeforeSendContext & { url: string; headers: Record<string, string>; body?: string }> = [];
  apply(request: OutgoingRequest): void {
    injectRequestValue(request, "header", "X-Key", "key-before-encoding", "CountingSigner");
  }
  override beforeSend(request: EncodedRequest, context: BeforeSendContext): void {
    this.seen.push({ ...context, url: request.url, headers: { ...request.headers }, body: request.body });
    const n = String(this.seen.length);
    setWireValue(request, "header", "X-Sig", `signature-number-${n}`, "CountingSigner");
    setWireValue(request, "request_parameter", "ts", `stamp-${n}`, "CountingSigner");
  }
  override async onUnauthorized(): Promise<boolean> {
    return true;
  }
}

describe("the beforeSend step (an authenticator's seam on the wire form)", () => {
  let api: Loopback;
  let other: Loopback;
  let replies: Array<(req: SeenRequest, origin: string) => Reply>;
  let exchanges: ObservedExchange[];
  let signer: CountingSigner;
  let client: RetryingHttpClient;

  before(async () => {
    api = await startLoopback((req, origin) => (replies.shift() ?? (() => ({ body: { ok: true } })))(req, origin));
    other = await startLoopback(() => ({ body: { ok: "other origin" } }));
  });
  after(async () => {
    await api.close();
    await other.close();
  });
  beforeEach(() => {
    replies = [];
    exchanges = [];
    signer = new CountingSigner();
    client = new RetryingHttpClient({
      fetch: createNodeFetchTransport({ maxSockets: 4 }),
      clock: new FakeClock(),
      secrets: new SecretRegistry(),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      options: { ...DEFAULT_HTTP_OPTIONS, maxRetries: 3 },
      observer: { exchange: (exchange) => exchanges.push(exchange) },
    });
  });

  it("sees the request as encoded (repeated keys, form body, null fields dropped) after apply, and what it adds is sent", async () => {
    const start = api.requests.length;
    await client.send({ method: "POST", url: `${api.url}/x?a=1`, params: { b: [1, 2] }, headers: {}, bodyData: { k: "v w", n: null } }, { authenticator: signer });
    const step = signer.seen[0]!;
    assert.equal(step.url, `${api.url}/x?a=1&b=1&b=2`);
    assert.equal(step.body, "k=v+w");
    assert.equal(step.headers["X-Key"], "key-before-encoding");
    assert.equal(step.headers["Content-Type"], "application/x-www-form-urlencoded");
    const sent = api.requests[start]!;
    assert.equal(sent.url.search, "?a=1&b=1&b=2&ts=stamp-1");
    assert.equal(sent.headers["x-sig"], "signature-number-1");
  });

  it("runs again for a retry, so the retry carries a fresh signature", async () => {
    const start = api.requests.length;
    replies = [() => ({ status: 503, body: {} })];
    await client.send({ method: "GET", url: `${api.url}/retry`, params: {}, headers: {} }, { authenticator: signer });
    assert.deepEqual(signer.seen.map((s) => [s.attempt, s.hop]), [[1, 0], [2, 0]]);
    assert.deepEqual(api.requests.slice(start).map((r) => [r.headers["x-sig"], r.url.searchParams.get("ts")]), [["signature-number-1", "stamp-1"], ["signature-number-2", "stamp-2"]]);
  });

  it("runs again after a credential refresh (a 401)", async () => {
    const start = api.requests.length;
    replies = [() => ({ status: 401, body: {} })];
    await client.send({ method: "GET", url: `${api.url}/refresh`, params: {}, headers: {} }, { authenticator: signer });
    assert.equal(signer.seen.length, 2);
    assert.deepEqual(api.requests.slice(start).map((r) => r.headers["x-sig"]), ["signature-number-1", "signature-number-2"]);
  });

  it("runs for every redirect hop on the same origin, on that hop's URL, and never for a hop to another origin", async () => {
    const start = api.requests.length;
    replies = [(_req, origin) => ({ status: 302, headers: { Location: `${origin}/moved?page=2` }, body: "" }), () => ({ status: 307, headers: { Location: `${other.url}/elsewhere` }, body: "" })];
    const otherStart = other.requests.length;
    await client.send({ method: "GET", url: `${api.url}/first`, params: {}, headers: {} }, { authenticator: signer, followCrossOrigin: true });
    assert.deepEqual(signer.seen.map((s) => [s.hop, new URL(s.url).pathname + new URL(s.url).search]), [[0, "/first"], [1, "/moved?page=2"]]);
    assert.deepEqual(api.requests.slice(start).map((r) => [r.url.pathname, r.headers["x-sig"]]), [["/first", "signature-number-1"], ["/moved", "signature-number-2"]]);
    const foreign = other.requests[otherStart]!;
    assert.equal(foreign.headers["x-sig"], undefined);
    assert.equal(foreign.url.searchParams.get("ts"), null);
  });

  it("masks what it added in observed exchanges and in error messages", async () => {
    replies = [() => ({ status: 404, body: { error: "no such thing" } })];
    await assert.rejects(client.send({ method: "GET", url: `${api.url}/missing?q=1`, params: {}, headers: {} }, { authenticator: signer }), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.match(error.message, /\/missing\?q=1&ts=\*\*\*\* answered 404/);
      assert.ok(!error.message.includes("stamp-1"));
      return true;
    });
    const seen = exchanges.at(-1)!;
    assert.equal(seen.request.headers["X-Sig"], "****");
    assert.ok(seen.request.url.endsWith("?q=1&ts=****"), seen.request.url);
    assert.equal(seen.request.headers["X-Key"], "key-before-encoding", "a header set before encoding is not the step's");
  });
});
