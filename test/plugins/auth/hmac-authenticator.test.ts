/**
 * HmacAuthenticator against two published signing schemes (Binance's documented test vector; Coinbase
 * Exchange's documented recipe, its expected value computed with Python's hmac module), then retries and
 * redirect hops, each signed afresh, checked by a loopback server that verifies signatures as the API would.
 */
import assert from "node:assert/strict";
import { createHash, createHmac } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { Clock, SluiceError, type DataRecord } from "../../../sdk/index.js";
import { FakeClock } from "../../support/fake-clock.js";
import { startLoopback, type Loopback, type Reply, type SeenRequest } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** Binance's documented example: https://developers.binance.com/docs/binance-spot-api-docs/rest-api/request-security */
const BINANCE = {
  apiKey: "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A",
  secretKey: "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j",
  timestamp: 1499827319559,
  query: "symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559",
  signature: "c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71",
};

/**
 * Coinbase Exchange: CB-ACCESS-SIGN = base64(HMAC-SHA256(base64decode(secret), timestamp + method + requestPath + body)),
 * on an example order. Expected value from Debian's python3 (body as JSON.stringify writes it):
 * base64.b64encode(hmac.new(base64.b64decode(secret), (ts + "POST" + "/orders" + body).encode(), hashlib.sha256).digest())
 */
const COINBASE = {
  secret: "c2x1aWNlLWNvaW5iYXNlLWV4Y2hhbmdlLXRlc3Qtc2VjcmV0IQ==",
  timestamp: 1700000000,
  body: { side: "buy", product_id: "BTC-USD", client_oid: "sluice-test-order" },
  signature: "kN8FI3y6sSMt3Zx5ESx4t0qDiARydzhpyEtj7gLyva8=",
  /** The same request signed 3 s later (the retry below). */
  retrySignature: "svU3t2IDnY4QBqdBLeblOCFFcNUBOw/LXDNJNzF0NgE=",
};

const coinbaseAuthenticator = {
  type: "HmacAuthenticator",
  secret_key: "{{ config['api_secret'] }}",
  secret_key_encoding: "base64",
  algorithm: "sha256",
  string_to_sign: "{{ timestamp }}{{ method }}{{ path }}{{ body }}",
  signature_encoding: "base64",
  timestamp_format: "seconds",
  request_headers: {
    "CB-ACCESS-KEY": "{{ config['api_key'] }}",
    "CB-ACCESS-PASSPHRASE": "{{ config['passphrase'] }}",
    "CB-ACCESS-TIMESTAMP": "{{ timestamp }}",
    "CB-ACCESS-SIGN": "{{ signature }}",
  },
};

const binanceAuthenticator = {
  type: "HmacAuthenticator",
  secret_key: "{{ config['secret_key'] }}",
  string_to_sign: "{{ query }}",
  timestamp_format: "milliseconds",
  request_headers: { "X-MBX-APIKEY": "{{ config['api_key'] }}" },
  request_parameters: { timestamp: "{{ timestamp }}", signature: "{{ signature }}" },
};

function manifest(url: string, path: string, authenticator: Record<string, unknown>, requester: Record<string, unknown> = {}): Record<string, unknown> {
  return oneStreamManifest({ urlBase: url, path, requester: { authenticator, ...requester } });
}

async function read(url: string, path: string, authenticator: Record<string, unknown>, config: Record<string, unknown>, options: { clock: FakeClock; requester?: Record<string, unknown> }): Promise<DataRecord[]> {
  const sluice = createSluice({ http: { maxRetries: 2, baseDelayMs: 1000, maxDelayMs: 5000 }, logLevel: "error" });
  sluice.register(Clock, options.clock);
  const connector = await sluice.connect({ manifest: manifest(url, path, authenticator, options.requester), config });
  const records: DataRecord[] = [];
  for await (const record of connector.read("items")) records.push(record);
  return records;
}

/** What Coinbase's server would compute for a request it received. */
function coinbaseExpected(req: SeenRequest): string {
  const prehash = `${req.headers["cb-access-timestamp"]}${req.method}${req.url.pathname}${req.body}`;
  return createHmac("sha256", Buffer.from(COINBASE.secret, "base64")).update(prehash).digest("base64");
}

describe("HmacAuthenticator", () => {
  let api: Loopback;
  let script: Array<(req: SeenRequest, origin: string) => Reply> = [];
  before(async () => {
    api = await startLoopback((req, origin) => (script.shift() ?? (() => ({ body: { data: [{ id: 1 }] } })))(req, origin));
  });
  after(() => api.close());

  it("matches Binance's published test vector: hex HMAC-SHA256 of the query, timestamp and signature as query parameters", async () => {
    const start = api.requests.length;
    await read(api.url, "/api/v3/order", binanceAuthenticator, { api_key: BINANCE.apiKey, secret_key: BINANCE.secretKey }, {
      clock: new FakeClock(BINANCE.timestamp),
      requester: { http_method: "POST", request_parameters: { symbol: "LTCBTC", side: "BUY", type: "LIMIT", timeInForce: "GTC", quantity: "1", price: "0.1", recvWindow: "5000" } },
    });
    const sent = api.requests[start]!;
    assert.equal(sent.url.search, `?${BINANCE.query}&signature=${BINANCE.signature}`);
    assert.equal(sent.headers["x-mbx-apikey"], BINANCE.apiKey);
  });

  it("matches Coinbase Exchange's scheme: base64 HMAC-SHA256 with a base64-decoded secret over timestamp + method + path + body", async () => {
    const start = api.requests.length;
    await read(api.url, "/orders", coinbaseAuthenticator, { api_key: "cb-key-0001", api_secret: COINBASE.secret, passphrase: "cb-passphrase-01" }, {
      clock: new FakeClock(COINBASE.timestamp * 1000),
      requester: { http_method: "POST", request_body_json: COINBASE.body },
    });
    const sent = api.requests[start]!;
    assert.equal(sent.body, JSON.stringify(COINBASE.body));
    assert.deepEqual(
      [sent.headers["cb-access-key"], sent.headers["cb-access-passphrase"], sent.headers["cb-access-timestamp"], sent.headers["cb-access-sign"]],
      ["cb-key-0001", "cb-passphrase-01", String(COINBASE.timestamp), COINBASE.signature],
    );
  });

  it("signs a retry afresh: a new timestamp and a signature that verifies for it", async () => {
    const start = api.requests.length;
    script = [() => ({ status: 503, headers: { "Retry-After": "3" }, body: {} })];
    const clock = new FakeClock(COINBASE.timestamp * 1000);
    await read(api.url, "/orders", coinbaseAuthenticator, { api_key: "cb-key-0001", api_secret: COINBASE.secret, passphrase: "cb-passphrase-01" }, {
      clock,
      requester: { http_method: "POST", request_body_json: COINBASE.body },
    });
    const [first, retry] = api.requests.slice(start);
    assert.equal(clock.sleeps.length, 1);
    assert.equal(first!.headers["cb-access-sign"], COINBASE.signature);
    assert.notEqual(retry!.headers["cb-access-timestamp"], first!.headers["cb-access-timestamp"]);
    assert.equal(retry!.headers["cb-access-timestamp"], String(COINBASE.timestamp + 3));
    assert.equal(retry!.headers["cb-access-sign"], COINBASE.retrySignature);
    assert.equal(retry!.headers["cb-access-sign"], coinbaseExpected(retry!));
  });

  it("signs each same-origin redirect hop for its own path", async () => {
    const start = api.requests.length;
    script = [(_req, origin) => ({ status: 301, headers: { Location: `${origin}/v2/orders` }, body: "" })];
    await read(api.url, "/orders", coinbaseAuthenticator, { api_key: "cb-key-0001", api_secret: COINBASE.secret, passphrase: "cb-passphrase-01" }, { clock: new FakeClock(COINBASE.timestamp * 1000) });
    const hops = api.requests.slice(start);
    assert.deepEqual(hops.map((r) => r.url.pathname), ["/orders", "/v2/orders"]);
    for (const hop of hops) assert.equal(hop.headers["cb-access-sign"], coinbaseExpected(hop), `${hop.url.pathname} signed for itself`);
    assert.notEqual(hops[0]!.headers["cb-access-sign"], hops[1]!.headers["cb-access-sign"]);
  });

  it("signs the sorted query and a body hash with SHA-512, a hex key and a fresh nonce on every request", async () => {
    const start = api.requests.length;
    const secretHex = Buffer.from("a hex-written secret").toString("hex");
    const authenticator = {
      type: "HmacAuthenticator",
      secret_key: "{{ config['secret'] }}",
      secret_key_encoding: "hex",
      algorithm: "sha512",
      string_to_sign: "{{ method }}\n{{ path }}\n{{ sorted_query }}\n{{ body_hash }}\n{{ nonce }}",
      signature_encoding: "base64url",
      request_headers: { "X-Nonce": "{{ nonce }}", "X-Signature": "{{ signature }}" },
    };
    script = [() => ({ status: 500, body: {} })];
    await read(api.url, "/search", authenticator, { secret: secretHex }, { clock: new FakeClock(), requester: { request_parameters: { zeta: "1", alpha: "x y", mid: "2" } } });
    const sent = api.requests.slice(start);
    assert.equal(sent.length, 2);
    for (const req of sent) {
      const bodyHash = createHash("sha512").update(req.body).digest("hex");
      const message = `GET\n/search\nalpha=x+y&mid=2&zeta=1\n${bodyHash}\n${req.headers["x-nonce"]}`;
      assert.equal(req.headers["x-signature"], createHmac("sha512", Buffer.from(secretHex, "hex")).update(message).digest("base64url"));
    }
    assert.notEqual(sent[0]!.headers["x-nonce"], sent[1]!.headers["x-nonce"]);
  });

  it("refuses a secret that is not valid in its declared encoding, without printing it", async () => {
    const secret = "not*base64*at*all";
    await assert.rejects(read(api.url, "/orders", coinbaseAuthenticator, { api_key: "k", api_secret: secret, passphrase: "p" }, { clock: new FakeClock() }), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "AUTH_HMAC_KEY_INVALID");
      assert.ok(!JSON.stringify({ message: error.message, found: error.found }).includes(secret));
      return true;
    });
  });

  it("refuses a definition that sends no signature", async () => {
    const unsigned = { ...binanceAuthenticator, request_parameters: { timestamp: "{{ timestamp }}" } };
    await assert.rejects(read(api.url, "/x", unsigned, { api_key: "k", secret_key: "s" }, { clock: new FakeClock() }), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_DEFINITION_INVALID");
  });
});
