import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { SluiceError } from "../../../sdk/index.js";
import { json, startLoopback, type Loopback } from "./support/loopback.js";
import { readAll, testConnector } from "./support/connector.js";

let api: Loopback;
before(async () => {
  api = await startLoopback();
  api.route("/items", (req, res) => json(res, 200, { data: [{ authorization: req.headers.authorization ?? null, key: req.headers["x-api-key"] ?? null }] }));
  api.route("/login", (_req, res) => json(res, 200, { token: "session-abc-123" }));
});
after(() => api.close());

const selective = (url: string) => ({
  type: "SelectiveAuthenticator",
  authenticator_selection_path: ["credentials", "auth_type"],
  authenticators: {
    api_key: "#/definitions/api_key_auth",
    bearer: { type: "BearerAuthenticator", api_token: "{{ config['credentials']['token'] }}" },
    session: {
      type: "SessionTokenAuthenticator",
      login_requester: { type: "HttpRequester", url_base: url, path: "/login", http_method: "POST" },
      session_token_path: ["token"],
      request_authentication: { type: "Bearer" },
    },
  },
});
const definitions = { api_key_auth: { type: "ApiKeyAuthenticator", api_token: "{{ config['credentials']['key'] }}", header: "X-Api-Key" } };

async function firstRecord(credentials: Record<string, unknown>) {
  const connector = await testConnector({ url: api.url, authenticator: selective(api.url), definitions, config: { credentials } });
  return (await readAll(connector))[0];
}

test("SelectiveAuthenticator uses the authenticator the config chooses", async () => {
  assert.deepEqual(await firstRecord({ auth_type: "api_key", key: "k-1" }), { authorization: null, key: "k-1" });
  assert.deepEqual(await firstRecord({ auth_type: "bearer", token: "t-1" }), { authorization: "Bearer t-1", key: null });
});

test("SelectiveAuthenticator may choose a nested session token authenticator", async () => {
  assert.deepEqual(await firstRecord({ auth_type: "session" }), { authorization: "Bearer session-abc-123", key: null });
});

test("SelectiveAuthenticator names the path when the config lacks it", async () => {
  await assert.rejects(firstRecord({ key: "k" }), (error: unknown) => {
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "AUTH_SELECTION_PATH_MISSING");
    assert.match(error.message, /credentials\.auth_type/);
    return true;
  });
});

test("SelectiveAuthenticator lists the choices for an unknown value", async () => {
  await assert.rejects(firstRecord({ auth_type: "oauth" }), (error: unknown) => {
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "AUTH_SELECTION_UNKNOWN");
    assert.match(error.describe(), /"api_key", "bearer", "session"/);
    assert.match(error.describe(), /found: +"oauth"/);
    return true;
  });
});
