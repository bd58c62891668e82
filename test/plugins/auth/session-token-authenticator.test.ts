import { test, afterEach, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { SluiceError } from "../../../sdk/index.js";
import { json, startLoopback, type Loopback, type SeenRequest } from "./support/loopback.js";
import { fakeClock, readAll, testConnector } from "./support/connector.js";

let api: Loopback;
let logins: SeenRequest[];
let sessions: Set<string>;
let used: string[];
beforeEach(async () => {
  api = await startLoopback();
  logins = [];
  sessions = new Set();
  used = [];
  // Metabase: POST /api/session {"username","password"} -> {"id": "<uuid>"}; data needs X-Metabase-Session.
  api.route("/api/session", (req, res) => {
    logins.push(req);
    const body = JSON.parse(req.body || "{}") as Record<string, string>;
    if (body.username !== "ana@example.com" || body.password !== "correct horse") return json(res, 401, { errors: { password: "did not match stored password" } });
    const id = `sess-${logins.length}-${Math.random().toString(36).slice(2, 8)}`;
    sessions.add(id);
    json(res, 200, { id });
  });
  for (const path of ["/items", "/users"]) {
    api.route(path, (req, res) => {
      const session = String(req.headers["x-metabase-session"] ?? req.query.get("session") ?? req.headers.authorization?.replace(/^Bearer /, "") ?? "");
      used.push(session);
      if (!sessions.has(session)) return json(res, 401, "Unauthenticated");
      const page = Number(req.query.get("cursor") ?? "1");
      json(res, 200, { data: [{ page }], next: page < 3 ? String(page + 1) : null });
    });
  }
});
afterEach(() => api.close());

const config = { instance: "", username: "ana@example.com", password: "correct horse" };

function metabase(url: string, extra: Record<string, unknown> = {}) {
  return {
    type: "SessionTokenAuthenticator",
    login_requester: {
      type: "HttpRequester",
      url_base: url,
      path: "/api/session",
      http_method: "POST",
      request_body_json: { username: "{{ config['username'] }}", password: "{{ config['password'] }}" },
    },
    session_token_path: ["id"],
    expiration_duration: "P14D",
    request_authentication: { type: "ApiKey", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Metabase-Session" } },
    ...extra,
  };
}

test("a Metabase-style session login is reused across two streams", async () => {
  const clock = fakeClock();
  const connector = await testConnector({ url: api.url, clock, streams: { items: "/items", users: "/users" }, paginated: true, authenticator: metabase(api.url), config });
  await readAll(connector, "items");
  await readAll(connector, "users");
  assert.equal(logins.length, 1);
  assert.deepEqual(JSON.parse(logins[0]!.body), { username: "ana@example.com", password: "correct horse" });
  assert.equal(new Set(used).size, 1);
  assert.equal(used.length, 6);
});

test("a session without expiration_duration logs in before each data request", async () => {
  const clock = fakeClock();
  const { expiration_duration: _, ...withoutExpiry } = metabase(api.url);
  const connector = await testConnector({ url: api.url, clock, paginated: true, authenticator: withoutExpiry, config });
  assert.equal((await readAll(connector)).length, 3);
  assert.equal(logins.length, 3);
  assert.equal(new Set(used).size, 3);
});

test("a session lasting P1M (months) is reused within the month and renewed after it", async () => {
  const clock = fakeClock();
  const connector = await testConnector({ url: api.url, clock, authenticator: metabase(api.url, { expiration_duration: "P1M" }), config });
  await readAll(connector);
  clock.advance(29 * 86_400_000);
  await readAll(connector);
  assert.equal(logins.length, 1);
  clock.advance(2 * 86_400_000);
  await readAll(connector);
  assert.equal(logins.length, 2);
});

test("a session the API no longer accepts (401) is replaced by one new login and the request retried", async () => {
  const clock = fakeClock();
  const connector = await testConnector({ url: api.url, clock, paginated: true, authenticator: metabase(api.url), config });
  await readAll(connector);
  assert.equal(logins.length, 1);
  sessions.clear(); // the server ends every session (a restart, an admin logout)
  assert.equal((await readAll(connector)).length, 3);
  assert.equal(logins.length, 2, "one login after the 401");
  assert.equal(used.length, 7, "3 pages, then 1 refused request and 3 pages");
});

test("Bearer request_authentication sends Authorization: Bearer <session>", async () => {
  const connector = await testConnector({ url: api.url, authenticator: metabase(api.url, { request_authentication: { type: "Bearer" } }), config });
  assert.equal((await readAll(connector)).length, 1);
  assert.match(api.seen.find((r) => r.path === "/items")!.headers.authorization!, /^Bearer sess-1-/);
});

test("ApiKey request_authentication can put a templated value in a query parameter", async () => {
  const connector = await testConnector({
    url: api.url,
    authenticator: metabase(api.url, {
      request_authentication: { type: "ApiKey", api_token: "{{ session_token }}", inject_into: { type: "RequestOption", inject_into: "request_parameter", field_name: "session" } },
    }),
    config,
  });
  assert.equal((await readAll(connector)).length, 1);
  assert.match(api.seen.find((r) => r.path === "/items")!.query.get("session")!, /^sess-1-/);
});

test("a refused login fails with AUTH_SESSION_LOGIN_FAILED and does not print the password", async () => {
  const connector = await testConnector({ url: api.url, authenticator: metabase(api.url), config: { ...config, password: "wrong-password-123" }, spec: secretSpec() });
  await assert.rejects(readAll(connector), (error: unknown) => {
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "AUTH_SESSION_LOGIN_FAILED");
    assert.ok(!error.describe().includes("wrong-password-123"), error.describe());
    return true;
  });
});

test("a login response without the token path says where it looked", async () => {
  const connector = await testConnector({ url: api.url, authenticator: metabase(api.url, { session_token_path: ["data", "session"] }), config });
  await assert.rejects(readAll(connector), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_SESSION_TOKEN_MISSING" && /\["data","session"\]/.test(error.message));
});

test("an invalid expiration_duration is refused at build", async () => {
  await assert.rejects(
    testConnector({ url: api.url, authenticator: metabase(api.url, { expiration_duration: "1 hour" }), config }),
    (error: unknown) => error instanceof SluiceError && error.code === "AUTH_DURATION_INVALID",
  );
});

function secretSpec() {
  return {
    type: "Spec",
    connection_specification: {
      type: "object",
      properties: { username: { type: "string" }, password: { type: "string", airbyte_secret: true } },
    },
  };
}

test("an XmlDecoder on the session authenticator reads the token from an XML login response", async () => {
  api.route("/api/xml-session", (_req, res) => {
    sessions.add("xml-sess-1");
    res.writeHead(200, { "Content-Type": "application/xml" });
    res.end('<?xml version="1.0"?><Session expires="P14D"><Token>xml-sess-1</Token></Session>');
  });
  const authenticator = metabase(api.url, { session_token_path: ["Session", "Token"], decoder: { type: "XmlDecoder" } });
  (authenticator.login_requester as Record<string, unknown>).path = "/api/xml-session";
  const connector = await testConnector({ url: api.url, clock: fakeClock(), authenticator, config });
  await readAll(connector, "items");
  assert.deepEqual(used, ["xml-sess-1"]);
});

test("an unknown decoder on the session authenticator fails before any request", async () => {
  await assert.rejects(
    testConnector({ url: api.url, clock: fakeClock(), authenticator: metabase(api.url, { decoder: { type: "SoapDecoder" } }), config }),
    (error: unknown) => error instanceof SluiceError && /SoapDecoder/.test(error.message) && /decoder/.test(error.describe()),
  );
  assert.equal(logins.length, 0);
});
