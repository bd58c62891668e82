/**
 * Attacks on the redirect policy: an API that redirects to another origin (another port of 127.0.0.1 is
 * another origin) must never receive a credential, for any authenticator kind and any transport.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type SluiceOptions } from "../../../core/index.js";
import { createUndiciTransport } from "../../../core/http/undici-transport.js";
import { Fetch, SluiceError, type DataRecord, type FetchResponse } from "../../../sdk/index.js";
import { startLoopback, type Loopback, type Reply, type SeenRequest } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

const CONFIG = {
  api_key: "key-0123456789abcdef",
  token: "bearer-0123456789abcdef",
  user: "ana",
  password: "pw-0123456789abcdef",
  client_secret: "cs-0123456789abcdef",
  refresh_token: "rt-0123456789abcdef",
  jwt_secret: "jwt-0123456789abcdef",
};
const ACCESS_TOKEN = "at-issued-0123456789";
const SESSION_TOKEN = "sess-issued-0123456789";
/** Every value that must never reach the other origin (the JWT is checked by its signature part below). */
const SECRETS = [...Object.values(CONFIG).filter((v) => v.length > 3), ACCESS_TOKEN, SESSION_TOKEN];

let api: Loopback;
let attacker: Loopback;
/** What the API answers on /items: set per test. */
let itemsReply: (req: SeenRequest) => Reply;

before(async () => {
  attacker = await startLoopback(() => ({ body: { data: [{ id: "from-attacker" }] } }));
  api = await startLoopback((req) => {
    if (req.url.pathname === "/oauth/token") return { body: { access_token: ACCESS_TOKEN, expires_in: 3600 } };
    if (req.url.pathname === "/login") return { body: { token: SESSION_TOKEN } };
    if (req.url.pathname === "/moved") return { body: { data: [{ id: "same-origin" }] } };
    return itemsReply(req);
  });
});
after(async () => {
  await api.close();
  await attacker.close();
});

const authenticators: Record<string, (url: string) => Record<string, unknown>> = {
  "API key in a header": () => ({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } }),
  "API key in the query": () => ({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "request_parameter", field_name: "api_key" } }),
  "API key in a JSON body": () => ({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "body_json", field_name: "api_key" } }),
  "API key in a form body": () => ({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "body_data", field_name: "api_key" } }),
  bearer: () => ({ type: "BearerAuthenticator", api_token: "{{ config['token'] }}" }),
  basic: () => ({ type: "BasicHttpAuthenticator", username: "{{ config['user'] }}", password: "{{ config['password'] }}" }),
  OAuth: (url) => ({
    type: "OAuthAuthenticator",
    token_refresh_endpoint: `${url}/oauth/token`,
    client_id: "cid",
    client_secret: "{{ config['client_secret'] }}",
    refresh_token: "{{ config['refresh_token'] }}",
  }),
  "session token": (url) => ({
    type: "SessionTokenAuthenticator",
    login_requester: { type: "HttpRequester", url_base: url, path: "/login", http_method: "POST", request_body_json: { user: "{{ config['user'] }}", password: "{{ config['password'] }}" } },
    session_token_path: ["token"],
    expiration_duration: "PT1H",
    request_authentication: { type: "ApiKey", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Session" } },
  }),
  JWT: () => ({ type: "JwtAuthenticator", secret_key: "{{ config['jwt_secret'] }}", algorithm: "HS256", token_duration: 600 }),
};

function manifest(authenticator: Record<string, unknown>, requester: Record<string, unknown> = {}): Record<string, unknown> {
  const secret = { type: "string", airbyte_secret: true };
  const properties = Object.fromEntries(Object.keys(CONFIG).map((k) => [k, k === "user" ? { type: "string" } : secret]));
  return oneStreamManifest({ urlBase: api.url, requester: { authenticator, ...requester }, source: { spec: { type: "Spec", connection_specification: { type: "object", properties } } } });
}

async function read(definition: Record<string, unknown>, options: SluiceOptions = {}, fetch?: Fetch): Promise<DataRecord[]> {
  const sluice = createSluice({ logLevel: "error", http: { maxRetries: 0 }, ...options });
  if (fetch) sluice.register(Fetch, fetch);
  const connector = await sluice.connect({ manifest: definition, config: CONFIG });
  const records: DataRecord[] = [];
  for await (const record of connector.read("items")) records.push(record);
  return records;
}

/** Everything the attacker received, as one text: headers, URL and body of every request. */
function seenByAttacker(): string {
  return attacker.requests.map((r) => `${r.method} ${r.url.href}\n${JSON.stringify(r.headers)}\n${r.body}`).join("\n");
}

function assertNoCredential(text: string): void {
  for (const secret of SECRETS) {
    for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString("base64")]) assert.ok(!text.includes(form), `the other origin received ${secret}`);
  }
  assert.ok(!/authorization|x-api-key|x-session|api_key/i.test(text), `a credential header or field reached the other origin:\n${text}`);
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, code, error.message);
    return true;
  });
}

const globalFetch: Fetch = (url, init) => globalThis.fetch(url, init as RequestInit) as unknown as Promise<FetchResponse>;

describe("redirects to another origin", () => {
  for (const [kind, authenticator] of Object.entries(authenticators)) {
    it(`are refused with HTTP_REDIRECT_CROSS_ORIGIN before anything is sent there (${kind})`, async () => {
      attacker.requests.length = 0;
      itemsReply = () => ({ status: 302, headers: { Location: `${attacker.url}/steal` }, body: "" });
      await rejectsWith(read(manifest(authenticator(api.url))), "HTTP_REDIRECT_CROSS_ORIGIN");
      assert.equal(attacker.requests.length, 0);
    });

    it(`are followed without any credential when the requester allows other origins (${kind})`, async () => {
      attacker.requests.length = 0;
      itemsReply = () => ({ status: 307, headers: { Location: `${attacker.url}/steal` }, body: "" });
      const records = await read(manifest(authenticator(api.url), { allow_cross_origin_pages: true }));
      assert.deepEqual(records, [{ id: "from-attacker" }]);
      assert.equal(attacker.requests.length, 1);
      assertNoCredential(seenByAttacker());
    });

    it(`keep the credentials on a redirect within the origin (${kind})`, async () => {
      itemsReply = () => ({ status: 301, headers: { Location: "/moved" }, body: "" });
      const before = api.requests.length;
      assert.deepEqual(await read(manifest(authenticator(api.url))), [{ id: "same-origin" }]);
      const moved = api.requests.slice(before).find((r) => r.url.pathname === "/moved")!;
      const sent = `${moved.url.href} ${JSON.stringify(moved.headers)} ${moved.body}`;
      assert.ok(/authorization|x-api-key|x-session|api_key/i.test(sent), `the same-origin hop lost its credentials: ${sent}`);
    });
  }

  it("refuse a cross-origin redirect through Node's built-in fetch too (the transport never follows it)", async () => {
    attacker.requests.length = 0;
    itemsReply = () => ({ status: 308, headers: { Location: `${attacker.url}/steal` }, body: "" });
    await rejectsWith(read(manifest(authenticators.bearer!(api.url)), {}, globalFetch), "HTTP_REDIRECT_CROSS_ORIGIN");
    assert.equal(attacker.requests.length, 0);
  });

  it("follow without credentials through Node's built-in fetch when the host allows other origins (--follow-cross-origin-pages)", async () => {
    attacker.requests.length = 0;
    itemsReply = () => ({ status: 302, headers: { Location: `${attacker.url}/steal` }, body: "" });
    const records = await read(manifest(authenticators["API key in a header"]!(api.url)), { readLimits: { followCrossOriginPages: true } }, globalFetch);
    assert.deepEqual(records, [{ id: "from-attacker" }]);
    assertNoCredential(seenByAttacker());
  });

  it("refuse a cross-origin redirect through the undici transport too", async () => {
    attacker.requests.length = 0;
    itemsReply = () => ({ status: 302, headers: { Location: `${attacker.url}/steal` }, body: "" });
    await rejectsWith(read(manifest(authenticators.bearer!(api.url)), {}, createUndiciTransport({ maxSockets: 4 })), "HTTP_REDIRECT_CROSS_ORIGIN");
    assert.equal(attacker.requests.length, 0);
  });

  it("follow without credentials through the undici transport when the requester allows other origins", async () => {
    attacker.requests.length = 0;
    itemsReply = () => ({ status: 307, headers: { Location: `${attacker.url}/steal` }, body: "" });
    const records = await read(manifest(authenticators["API key in the query"]!(api.url), { allow_cross_origin_pages: true }), {}, createUndiciTransport({ maxSockets: 4 }));
    assert.deepEqual(records, [{ id: "from-attacker" }]);
    assertNoCredential(seenByAttacker());
  });

  it("are reported loudly when a host's transport ignores redirect: manual and follows one itself", async () => {
    itemsReply = () => ({ status: 302, headers: { Location: `${attacker.url}/steal` }, body: "" });
    const following: Fetch = (url, init) => globalThis.fetch(url, { ...(init as RequestInit), redirect: "follow" }) as unknown as Promise<FetchResponse>;
    await rejectsWith(read(manifest({ type: "NoAuth" }), {}, following), "HTTP_TRANSPORT_REDIRECTED");
  });

  it("drop a request header that carries a config secret when leaving the origin", async () => {
    attacker.requests.length = 0;
    itemsReply = () => ({ status: 302, headers: { Location: `${attacker.url}/steal` }, body: "" });
    const definition = manifest({ type: "NoAuth" }, { allow_cross_origin_pages: true, request_headers: { "X-Custom-Token": "{{ config['token'] }}", "X-Plain": "kept" } });
    await read(definition);
    assertNoCredential(seenByAttacker());
    assert.equal(attacker.requests[0]!.headers["x-plain"], "kept");
  });
});

describe("redirect methods and bodies", () => {
  const post = { http_method: "POST", request_body_json: { query: "all" } };

  it("turn a POST answered 303 into a GET without a body", async () => {
    itemsReply = (req) => (req.method === "POST" ? { status: 303, headers: { Location: "/moved" }, body: "" } : { body: {} });
    const before = api.requests.length;
    await read(manifest({ type: "NoAuth" }, post));
    const moved = api.requests.slice(before).find((r) => r.url.pathname === "/moved")!;
    assert.equal(moved.method, "GET");
    assert.equal(moved.body, "");
    assert.equal(moved.headers["content-type"], undefined);
  });

  it("turn a POST answered 302 into a GET without a body", async () => {
    itemsReply = () => ({ status: 302, headers: { Location: "/moved" }, body: "" });
    const before = api.requests.length;
    await read(manifest({ type: "NoAuth" }, post));
    const moved = api.requests.slice(before).find((r) => r.url.pathname === "/moved")!;
    assert.deepEqual([moved.method, moved.body], ["GET", ""]);
  });

  it("keep method and body on a 307 within the origin", async () => {
    itemsReply = () => ({ status: 307, headers: { Location: "/moved" }, body: "" });
    const before = api.requests.length;
    await read(manifest({ type: "NoAuth" }, post));
    const moved = api.requests.slice(before).find((r) => r.url.pathname === "/moved")!;
    assert.deepEqual([moved.method, JSON.parse(moved.body)], ["POST", { query: "all" }]);
  });

  it("never send a body to another origin, even when other origins are allowed (308 after a POST)", async () => {
    attacker.requests.length = 0;
    itemsReply = () => ({ status: 308, headers: { Location: `${attacker.url}/steal` }, body: "" });
    await rejectsWith(read(manifest({ type: "NoAuth" }, { ...post, allow_cross_origin_pages: true })), "HTTP_REDIRECT_BODY_REFUSED");
    assert.equal(attacker.requests.length, 0);
  });

  it("stop a redirect loop after the hop limit with HTTP_REDIRECT_LIMIT", async () => {
    itemsReply = () => ({ status: 302, headers: { Location: "/items" }, body: "" });
    const before = api.requests.length;
    await rejectsWith(read(manifest({ type: "NoAuth" }), { http: { maxRetries: 0, maxRedirects: 3 } }), "HTTP_REDIRECT_LIMIT");
    assert.equal(api.requests.length - before, 4);
  });

  it("refuse a redirect to a file: URL", async () => {
    itemsReply = () => ({ status: 302, headers: { Location: "file:///etc/passwd" }, body: "" });
    await rejectsWith(read(manifest({ type: "NoAuth" })), "HTTP_REDIRECT_INVALID");
  });
});
