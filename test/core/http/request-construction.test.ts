/**
 * Attacks with requests that can never succeed: a header value with CR/LF (header injection), a file: or
 * ftp: URL, a malformed URL. Each is a config_error at once (no retry, no request sent), naming where the
 * value came from and never the value itself. And a password inside a URL never prints.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type Connector } from "../../../core/index.js";
import { Clock, SluiceError, type DataRecord } from "../../../sdk/index.js";
import { DEFAULT_HTTP_OPTIONS } from "../../../core/http/http-options.js";
import { RetryingHttpClient } from "../../../core/http/retrying-http-client.js";
import { SecretRegistry } from "../../../sdk/services/secret-registry.js";
import { FakeClock } from "../../support/fake-clock.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const SECRET = "tok-0123456789-secret";

let api: Loopback;
before(async () => {
  api = await startLoopback(() => ({ body: { data: [{ id: 1 }] } }));
});
after(() => api.close());

function manifest(requester: Record<string, unknown>): Record<string, unknown> {
  const properties = { token: { type: "string", airbyte_secret: true }, base: { type: "string" } };
  return oneStreamManifest({ urlBase: "", requester, source: { spec: { type: "Spec", connection_specification: { type: "object", properties } } } });
}

async function attempt(requester: Record<string, unknown>, config: Record<string, unknown>): Promise<{ error: SluiceError; clock: FakeClock; sent: number }> {
  const clock = new FakeClock();
  const sluice = createSluice({ logLevel: "error" });
  sluice.register(Clock, clock);
  const before = api.requests.length;
  const connector: Connector = await sluice.connect({ manifest: manifest(requester), config });
  try {
    const records: DataRecord[] = [];
    for await (const record of connector.read("items")) records.push(record);
  } catch (error) {
    assert.ok(error instanceof SluiceError, String(error));
    return { error, clock, sent: api.requests.length - before };
  }
  assert.fail("the read succeeded");
}

function assertConfigErrorAtOnce(result: { error: SluiceError; clock: FakeClock; sent: number }, code = "HTTP_REQUEST_INVALID"): void {
  assert.equal(result.error.code, code, result.error.describe());
  assert.equal(result.error.failureType, "config_error");
  assert.deepEqual(result.clock.sleeps, [], "it was retried");
  assert.equal(result.sent, 0, "a request was sent");
}

describe("requests that can never succeed", () => {
  it("a config value with CR/LF in a header fails at once as config_error naming the header's manifest field, not the value", async () => {
    const result = await attempt({ url_base: api.url, request_headers: { "X-Token": "{{ config['token'] }}" } }, { token: `${SECRET}\r\nX-Injected: yes` });
    assertConfigErrorAtOnce(result);
    const text = result.error.describe();
    assert.match(text, /streams\[0\]\.retriever\.requester\.request_headers/);
    assert.match(text, /X-Token/);
    assert.ok(!text.includes(SECRET) && !text.includes("X-Injected"), text);
  });

  it("a token with a trailing newline in a Bearer header fails at once naming the authenticator", async () => {
    const result = await attempt({ url_base: api.url, authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } }, { token: `${SECRET}\n` });
    assertConfigErrorAtOnce(result);
    assert.match(result.error.describe(), /BearerAuthenticator/);
    assert.ok(!result.error.describe().includes(SECRET));
  });

  for (const base of ["file:///etc", "ftp://127.0.0.1/pub", "gopher://127.0.0.1"]) {
    it(`a ${base.split(":")[0]}: URL fails at once as config_error naming url_base`, async () => {
      const result = await attempt({ url_base: "{{ config['base'] }}" }, { base });
      assertConfigErrorAtOnce(result, "REQUEST_URL_INVALID");
      assert.equal(result.error.where.manifestPath, "streams[0].retriever.requester.url_base");
    });
  }

  it("a malformed URL fails at once as config_error naming url_base", async () => {
    const result = await attempt({ url_base: "{{ config['base'] }}" }, { base: "http://exa mple .com:99999" });
    assertConfigErrorAtOnce(result, "REQUEST_URL_INVALID");
    assert.equal(result.error.where.manifestPath, "streams[0].retriever.requester.url_base");
  });

  for (const url of ["http://exa mple.com:99999/x", "file:///etc/passwd", "ftp://127.0.0.1/x"]) {
    it(`the HTTP client refuses ${url.split(":")[0]}-scheme or malformed URLs of any request (a token refresh, a login) at once`, async () => {
      const clock = new FakeClock();
      const secrets = new SecretRegistry();
      let sent = 0;
      const client = new RetryingHttpClient({
        fetch: async () => {
          sent++;
          throw new TypeError("unreachable");
        },
        clock,
        secrets,
        logger: { debug() {}, info() {}, warn() {}, error() {} },
        options: DEFAULT_HTTP_OPTIONS,
      });
      await assert.rejects(client.send({ method: "POST", url, params: {}, headers: {} }, { where: { stream: "items", page: 3 } }), (error: unknown) => {
        assert.ok(error instanceof SluiceError);
        // The same code the requester raises for a url_base that renders to no URL: one code for one mistake.
        assert.deepEqual([error.code, error.failureType, error.where.page], ["REQUEST_URL_INVALID", "config_error", 3]);
        return true;
      });
      assert.equal(sent, 0);
      assert.deepEqual(clock.sleeps, []);
    });
  }
});

describe("a password inside a URL", () => {
  it("is sent as Basic credentials, as Python's requests does, and never in the URL", async () => {
    const url = new URL(api.url);
    const before = api.requests.length;
    const sluice = createSluice({ logLevel: "error" });
    const connector = await sluice.connect({ manifest: manifest({ url_base: `http://ana:${SECRET}@${url.host}` }), config: {} });
    for await (const _ of connector.read("items")) break;
    const seen = api.requests[before]!;
    assert.equal(seen.headers.authorization, `Basic ${Buffer.from(`ana:${SECRET}`).toString("base64")}`);
    assert.ok(!seen.url.href.includes(SECRET));
  });

  it("never prints in a transport error", async () => {
    const closed = await startLoopback(() => ({ body: {} }));
    const host = new URL(closed.url).host;
    await closed.close();
    const clock = new FakeClock();
    const sluice = createSluice({ logLevel: "error", http: { maxRetries: 1 } });
    sluice.register(Clock, clock);
    const connector = await sluice.connect({ manifest: manifest({ url_base: `http://ana:${encodeURIComponent(`${SECRET}/x`)}@${host}` }), config: {} });
    const error = await (async () => {
      try {
        for await (const _ of connector.read("items")) break;
      } catch (caught) {
        return caught as SluiceError;
      }
      assert.fail("the read succeeded");
    })();
    assert.equal(error.code, "HTTP_NETWORK");
    let shown = `${error.describe()} ${error.stack}`;
    for (let cause = error.cause as Error | undefined; cause; cause = cause.cause as Error | undefined) shown += ` ${cause.message} ${cause.stack}`;
    assert.ok(!shown.includes(SECRET), shown);
  });
});
