import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type Connector } from "../../../core/index.js";
import { Clock, HttpRequestError, type DataRecord } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const SECRET = "tok-very-secret-123";

function manifest(url: string, path: string): Record<string, unknown> {
  return oneStreamManifest({
    urlBase: url,
    path,
    requester: { request_parameters: { key: "{{ config['token'] }}" } },
    source: { spec: { type: "Spec", connection_specification: { type: "object", properties: { token: { type: "string", airbyte_secret: true } } } } },
  });
}

async function readAll(connector: Connector): Promise<DataRecord[]> {
  const out: DataRecord[] = [];
  for await (const record of connector.read("items")) out.push(record);
  return out;
}

describe("the HTTP client", () => {
  let api: Loopback;
  const scripts = new Map<string, Reply[]>();
  before(async () => {
    api = await startLoopback((req) => scripts.get(req.url.pathname)?.shift() ?? { status: 404, body: { error: "no more replies" } });
  });
  after(() => api.close());

  async function connect(path: string, replies: Reply[], clock = new FakeClock()): Promise<{ connector: Connector; clock: FakeClock }> {
    scripts.set(path, replies);
    const sluice = createSluice({ http: { maxRetries: 3, baseDelayMs: 100 }, logLevel: "error" });
    sluice.register(Clock, clock);
    return { connector: await sluice.connect({ manifest: manifest(api.url, path), config: { token: SECRET } }), clock };
  }

  it("retries a 503 with exponential backoff and returns the records of the successful attempt", async () => {
    const { connector, clock } = await connect("/flaky", [{ status: 503, body: {} }, { status: 502, body: {} }, { body: { data: [{ id: 1 }] } }]);
    assert.deepEqual(await readAll(connector), [{ id: 1 }]);
    assert.equal(clock.sleeps.length, 2);
    assert.ok(clock.sleeps[0]! >= 50 && clock.sleeps[0]! <= 100, `first delay ${clock.sleeps[0]}`);
    assert.ok(clock.sleeps[1]! >= 100 && clock.sleeps[1]! <= 200, `second delay ${clock.sleeps[1]}`);
  });

  it("honours Retry-After in seconds on a 429", async () => {
    const { connector, clock } = await connect("/limited", [{ status: 429, headers: { "Retry-After": "7" }, body: {} }, { body: { data: [{ id: 2 }] } }]);
    assert.deepEqual(await readAll(connector), [{ id: 2 }]);
    assert.deepEqual(clock.sleeps, [7000]);
  });

  it("treats Retry-After 0 as no hint and backs off exponentially", async () => {
    const { connector, clock } = await connect("/zero", [{ status: 429, headers: { "Retry-After": "0" }, body: {} }, { body: { data: [] } }]);
    await readAll(connector);
    assert.ok(clock.sleeps[0]! >= 50 && clock.sleeps[0]! <= 100);
  });

  it("gives up after the retry budget with an error naming the stream, the redacted request, the status and the body", async () => {
    const busy = { status: 503, body: { message: `overloaded, try later (${SECRET})` } };
    const { connector } = await connect("/down", [busy, busy, busy, busy, busy]);
    const error = await readAll(connector).catch((e: unknown) => e);
    assert.ok(error instanceof HttpRequestError);
    assert.equal(error.status, 503);
    assert.equal(error.failureType, "transient_error");
    assert.equal(error.where.stream, "items");
    assert.equal(error.where.page, 1);
    assert.match(error.message, /GET http:\/\/127\.0\.0\.1:\d+\/down\?key=\*\*\*\* answered 503 after 4 attempts: \{"message":"overloaded, try later \(\*\*\*\*\)"\}/);
    assert.ok(!error.describe().includes(SECRET));
  });

  it("fails at once on a 404 without retrying", async () => {
    const { connector, clock } = await connect("/missing", [{ status: 404, body: { error: "no such thing" } }]);
    const error = await readAll(connector).catch((e: unknown) => e);
    assert.ok(error instanceof HttpRequestError);
    assert.equal(error.status, 404);
    assert.equal(clock.sleeps.length, 0);
  });

  it("reports a 2xx body that is not JSON as an error naming the content type", async () => {
    const { connector } = await connect("/html", [{ status: 200, headers: { "Content-Type": "text/html" }, body: "<html>maintenance</html>" }]);
    const error = await readAll(connector).catch((e: unknown) => e);
    assert.ok(error instanceof HttpRequestError);
    assert.equal(error.code, "HTTP_DECODE");
    assert.match(error.found ?? "", /text\/html/);
  });

  it("retries network errors and reports them clearly when they persist", async () => {
    const sluice = createSluice({ http: { maxRetries: 2, baseDelayMs: 1 }, logLevel: "error" });
    const clock = new FakeClock();
    sluice.register(Clock, clock);
    const connector = await sluice.connect({ manifest: manifest("http://127.0.0.1:9", "/nothing-listens"), config: { token: SECRET } });
    const error = await readAll(connector).catch((e: unknown) => e);
    assert.ok(error instanceof HttpRequestError);
    assert.equal(error.code, "HTTP_NETWORK");
    assert.equal(clock.sleeps.length, 2);
    assert.ok(!error.message.includes(SECRET));
  });
});
