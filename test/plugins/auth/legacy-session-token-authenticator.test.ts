import { test, afterEach, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { SluiceError } from "../../../sdk/index.js";
import { json, startLoopback, type Loopback, type SeenRequest } from "./support/loopback.js";
import { fakeClock, readAll, testConnector } from "./support/connector.js";

let api: Loopback;
let logins: SeenRequest[];
let validations: string[];
let sessions: Set<string>;
let used: string[];
beforeEach(async () => {
  api = await startLoopback();
  logins = [];
  validations = [];
  sessions = new Set(["config-session"]);
  used = [];
  // Metabase: POST /api/session {"username","password"} -> {"id"}; GET /api/user/current 401s an expired session.
  api.route("/api/session", (req, res) => {
    logins.push(req);
    const body = JSON.parse(req.body || "{}") as Record<string, string>;
    if (body.username !== "ana@example.com" || body.password !== "correct horse") return json(res, 401, { errors: { password: "did not match" } });
    const id = `login-${logins.length}`;
    sessions.add(id);
    json(res, 200, { id });
  });
  api.route("/api/user/current", (req, res) => {
    const session = String(req.headers["x-metabase-session"] ?? "");
    validations.push(session);
    json(res, sessions.has(session) ? 200 : 401, sessions.has(session) ? { id: 1 } : "Unauthenticated");
  });
  for (const path of ["/api/card", "/api/collection"]) {
    api.route(path, (req, res) => {
      const session = String(req.headers["x-metabase-session"] ?? "");
      used.push(session);
      if (!sessions.has(session)) return json(res, 401, "Unauthenticated");
      json(res, 200, { data: [{ id: 1 }] });
    });
  }
});
afterEach(() => api.close());

const legacy = {
  type: "LegacySessionTokenAuthenticator",
  username: "{{ config['username'] }}",
  password: "{{ config['password'] }}",
  header: "X-Metabase-Session",
  session_token: "{{ config['session_token'] }}",
  session_token_response_key: "id",
  login_url: "session",
  validate_session_url: "user/current",
};

function connector(config: Record<string, unknown>) {
  return testConnector({ url: `${api.url}/api/`, clock: fakeClock(), streams: { cards: "card", collections: "collection" }, authenticator: legacy, config });
}

test("a session token from the config is validated once and used by every stream", async () => {
  const c = await connector({ session_token: "config-session" });
  await readAll(c, "cards");
  await readAll(c, "collections");
  assert.deepEqual(validations, ["config-session"]);
  assert.deepEqual(used, ["config-session", "config-session"]);
  assert.equal(logins.length, 0);
});

test("a rejected config token falls back to a username/password login, relative to url_base", async () => {
  const c = await connector({ session_token: "expired", username: "ana@example.com", password: "correct horse" });
  await readAll(c, "cards");
  await readAll(c, "collections");
  assert.deepEqual(validations, ["expired"]);
  assert.equal(logins.length, 1);
  assert.equal(logins[0]!.headers["content-type"], "application/json");
  assert.deepEqual(JSON.parse(logins[0]!.body), { username: "ana@example.com", password: "correct horse" });
  assert.deepEqual(used, ["login-1", "login-1"]);
});

test("without a session token, logs in directly; a 401 on data logs in again once", async () => {
  const c = await connector({ username: "ana@example.com", password: "correct horse" });
  await readAll(c, "cards");
  sessions.delete("login-1");
  await readAll(c, "collections");
  assert.equal(validations.length, 0);
  assert.equal(logins.length, 2);
  assert.deepEqual(used, ["login-1", "login-1", "login-2"]);
});

test("neither a valid token nor a username and password is a clear config error", async () => {
  const c = await connector({ session_token: "expired" });
  await assert.rejects(readAll(c, "cards"), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_SESSION_NO_CREDENTIALS" && error.failureType === "config_error");
  assert.equal(used.length, 0);
});

test("a wrong password fails the login with the API's status, and the password is never in the message", async () => {
  const c = await connector({ username: "ana@example.com", password: "wrong horse" });
  await assert.rejects(readAll(c, "cards"), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_SESSION_LOGIN_FAILED" && /401/.test(error.message) && !error.describe().includes("wrong horse"));
});
