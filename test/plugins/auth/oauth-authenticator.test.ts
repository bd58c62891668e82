import { test, afterEach, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "./support/loopback.js";
import { fakeClock, readAll, testConnector } from "./support/connector.js";
import { oauthServer } from "./support/oauth-server.js";

let api: Loopback;
beforeEach(async () => {
  api = await startLoopback();
});
afterEach(() => api.close());

const refreshGrant = (url: string, extra: Record<string, unknown> = {}) => ({
  type: "OAuthAuthenticator",
  token_refresh_endpoint: `${url}/oauth/token`,
  client_id: "{{ config['client_id'] }}",
  client_secret: "{{ config['client_secret'] }}",
  refresh_token: "{{ config['refresh_token'] }}",
  ...extra,
});
const config = { client_id: "cid", client_secret: "csecret", refresh_token: "r1" };

test("the refresh request is a form-encoded POST with exactly the kit's fields, in order", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  const connector = await testConnector({
    url: api.url,
    clock,
    authenticator: refreshGrant(api.url, { scopes: ["read", "write all"], refresh_request_body: { audience: "https://api.example.com", grant_type: "ignored" } }),
    config,
  });
  await readAll(connector);
  const [refresh] = server.tokenRequests;
  assert.equal(refresh!.method, "POST");
  assert.equal(refresh!.headers["content-type"], "application/x-www-form-urlencoded");
  assert.equal(
    refresh!.body,
    "grant_type=refresh_token&client_id=cid&client_secret=csecret&refresh_token=r1&scopes=read&scopes=write+all&audience=https%3A%2F%2Fapi.example.com",
  );
  assert.match(server.dataAuth[0]!, /^Bearer at-1-/);
});

test("client_credentials sends no refresh token and finds the token in a nested response with a string expires_in", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock, expiresIn: "3600", wrap: (body) => ({ result: { token: body } }) });
  const connector = await testConnector({
    url: api.url,
    clock,
    authenticator: { type: "OAuthAuthenticator", token_refresh_endpoint: `${api.url}/oauth/token`, grant_type: "client_credentials", client_id: "cid", client_secret: "csecret" },
    config: {},
  });
  assert.equal((await readAll(connector)).length, 1);
  clock.advance(3000_000);
  await readAll(connector);
  assert.equal(server.tokenRequests.length, 1, "the token is reused while it is valid");
  assert.equal(server.tokenRequests[0]!.body, "grant_type=client_credentials&client_id=cid&client_secret=csecret");
});

test("refresh_request_headers with Content-Type application/json send a JSON body", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url, { refresh_request_headers: { "Content-Type": "application/json" } }), config });
  await readAll(connector);
  assert.deepEqual(JSON.parse(server.tokenRequests[0]!.body), { grant_type: "refresh_token", client_id: "cid", client_secret: "csecret", refresh_token: "r1" });
});

test("send_refresh_request_as_query_params puts the fields on the URL with an empty body", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url, { send_refresh_request_as_query_params: true }), config });
  await readAll(connector);
  const [refresh] = server.tokenRequests;
  assert.equal(refresh!.body, "");
  assert.equal(refresh!.query.toString(), "grant_type=refresh_token&client_id=cid&client_secret=csecret&refresh_token=r1");
});

test("an Authorization refresh header replaces the client credentials in the body", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  const basic = `Basic ${Buffer.from("cid:csecret").toString("base64")}`;
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url, { refresh_request_headers: { Authorization: basic } }), config });
  await readAll(connector);
  assert.equal(server.tokenRequests[0]!.body, "grant_type=refresh_token&refresh_token=r1");
});

test("an access token that expires mid-read is refreshed before the next page", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock, pages: 4, onPage: (page) => page === 2 && clock.advance(3600_000 - 30_000) });
  const connector = await testConnector({ url: api.url, clock, paginated: true, authenticator: refreshGrant(api.url), config });
  const records = await readAll(connector);
  assert.deepEqual(records.map((r) => r.page), [1, 2, 3, 4]);
  assert.equal(server.tokenRequests.length, 2);
  assert.equal(server.dataAuth.length, 4, "no request was sent with the expiring token (no 401 round trip)");
  assert.notEqual(server.dataAuth[1], server.dataAuth[2]);
});

test("a token revoked early gets 401, one refresh, and the page is retried", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock, onPage: (page, token) => page === 1 && server.revoke(token) });
  const connector = await testConnector({ url: api.url, clock, paginated: true, authenticator: refreshGrant(api.url), config });
  const records = await readAll(connector);
  assert.deepEqual(records.map((r) => r.page), [1, 2, 3]);
  assert.equal(server.tokenRequests.length, 2);
  assert.equal(server.dataAuth.length, 4, "page 2 sent twice: 401, then with the new token");
});

test("a 401 right after a refresh fails clearly instead of looping", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  api.route("/items", (_req, res) => {
    res.writeHead(401, { "Content-Type": "application/json" });
    res.end('{"error":"insufficient_scope"}');
  });
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url), config });
  await assert.rejects(readAll(connector), (error: unknown) => error instanceof SluiceError && /401/.test(error.message));
  assert.equal(server.tokenRequests.length, 2, "one initial token, one forced refresh, then stop");
});

test("concurrent streams cause one token request, and concurrent 401s one refresh", async () => {
  const clock = fakeClock();
  let revokeAll = false;
  const server = oauthServer(api, { clock, delayMs: 30, onPage: (page, token) => revokeAll && page === 1 && token.startsWith("at-1-") && server.revoke(token) });
  const streams = { items: "/items", users: "/users", orders: "/orders", teams: "/teams" };
  const connector = await testConnector({ url: api.url, clock, streams, paginated: true, authenticator: refreshGrant(api.url), config });
  await Promise.all(Object.keys(streams).map((s) => readAll(connector, s)));
  assert.equal(server.tokenRequests.length, 1);
  revokeAll = true;
  const results = await Promise.all(Object.keys(streams).map((s) => readAll(connector, s)));
  assert.deepEqual(results.map((r) => r.length), [3, 3, 3, 3]);
  assert.equal(server.tokenRequests.length, 2, "the first 401 refreshes; the others reuse its token");
});

test("a refused refresh token says invalid_grant, what to do, and prints no secret", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock, refreshTokens: ["another"] });
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url), config: { ...config, refresh_token: "r1-spent-token" } });
  await assert.rejects(readAll(connector), (error: unknown) => {
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "AUTH_INVALID_GRANT");
    assert.equal(error.failureType, "config_error");
    assert.match(error.message, /invalid_grant.*Re-authenticate/s);
    const text = error.describe();
    for (const secret of ["r1-spent-token", "csecret"]) assert.ok(!text.includes(secret), `${secret} leaked: ${text}`);
    return true;
  });
  assert.equal(server.tokenRequests.length, 1);
});

test("token_expiry_date_format reads expires_in as a date, and the token is reused until then", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock, expiresIn: "2024-05-01T02:00:00Z" });
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url, { token_expiry_date_format: "YYYY-MM-DDTHH:mm:ssZ" }), config });
  await readAll(connector);
  clock.advance(7200_000 - 120_000);
  await readAll(connector);
  assert.equal(server.tokenRequests.length, 1);
  clock.advance(90_000);
  await readAll(connector);
  assert.equal(server.tokenRequests.length, 2);
});

test("access_token_value without an endpoint is used as a fixed token", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  const connector = await testConnector({ url: api.url, clock, authenticator: { type: "OAuthAuthenticator", access_token_value: "{{ config['token'] }}" }, config: { token: "fixed-token" } });
  await assert.rejects(readAll(connector), (error: unknown) => {
    assert.ok(error instanceof SluiceError && /401/.test(error.message), String(error));
    assert.ok(!error.describe().includes("fixed-token"), error.describe());
    return true;
  });
  assert.equal(server.dataAuth[0], "Bearer fixed-token");
  assert.equal(server.tokenRequests.length, 0);
});

test("a token response without the access token names the key it looked for", async () => {
  const clock = fakeClock();
  oauthServer(api, { clock, wrap: (body) => ({ token: body.access_token }) });
  const connector = await testConnector({ url: api.url, clock, authenticator: refreshGrant(api.url), config });
  await assert.rejects(readAll(connector), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_TOKEN_MISSING" && /'access_token'/.test(error.message));
});

test("use_profile_assertion sends the JWT-bearer grant with a signed assertion and no client secret", async () => {
  const clock = fakeClock();
  const server = oauthServer(api, { clock });
  const assertions: string[] = [];
  api.route("/oauth/jwt-token", (req, res) => {
    server.tokenRequests.push(req);
    const form = new URLSearchParams(req.body);
    assertions.push(form.get("assertion") ?? "");
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ access_token: "unused-here", expires_in: 60 }));
  });
  const connector = await testConnector({
    url: api.url,
    clock,
    authenticator: {
      type: "OAuthAuthenticator",
      token_refresh_endpoint: `${api.url}/oauth/jwt-token`,
      use_profile_assertion: true,
      profile_assertion: { type: "JwtAuthenticator", secret_key: "assert-key", algorithm: "HS256", jwt_payload: { iss: "svc@example.com", aud: "https://oauth2.example.com/token" } },
    },
    config: {},
  });
  await assert.rejects(readAll(connector), /401/);
  const [request] = server.tokenRequests;
  const form = new URLSearchParams(request!.body);
  assert.deepEqual([...form.keys()], ["grant_type", "assertion"]);
  assert.equal(form.get("grant_type"), "urn:ietf:params:oauth:grant-type:jwt-bearer");
  const claims = JSON.parse(Buffer.from(assertions[0]!.split(".")[1]!, "base64url").toString());
  assert.equal(claims.iss, "svc@example.com");
  assert.equal(claims.iat, Math.floor(clock.now() / 1000));
});
