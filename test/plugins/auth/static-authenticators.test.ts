import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { SluiceError } from "../../../sdk/index.js";
import { json, startLoopback, type Loopback } from "./support/loopback.js";
import { readAll, testConnector } from "./support/connector.js";

let api: Loopback;
before(async () => {
  api = await startLoopback();
  api.route("/items", (req, res) => json(res, 200, { data: [{ headers: req.headers, query: Object.fromEntries(req.query), body: req.body }] }));
});
after(() => api.close());

async function firstRequest(authenticator: unknown, config: Record<string, unknown>, httpMethod = "GET") {
  const connector = await testConnector({ url: api.url, authenticator, config, httpMethod });
  const [record] = await readAll(connector);
  return record as { headers: Record<string, string>; query: Record<string, string>; body: string };
}

test("BasicHttpAuthenticator sends base64 of utf-8 username:password", async () => {
  const seen = await firstRequest({ type: "BasicHttpAuthenticator", username: "{{ config['user'] }}", password: "{{ config['pass'] }}" }, { user: "jösé@example.com", pass: "p@ss:wörd" });
  assert.equal(seen.headers.authorization, `Basic ${Buffer.from("jösé@example.com:p@ss:wörd", "utf8").toString("base64")}`);
});

test("BasicHttpAuthenticator without a password sends 'user:'", async () => {
  const seen = await firstRequest({ type: "BasicHttpAuthenticator", username: "{{ config['key'] }}" }, { key: "sk_test_123" });
  assert.equal(seen.headers.authorization, `Basic ${Buffer.from("sk_test_123:").toString("base64")}`);
});

test("BasicHttpAuthenticator sends a numeric-looking password exactly as typed", async () => {
  const seen = await firstRequest({ type: "BasicHttpAuthenticator", username: "u", password: "{{ config['pin'] }}" }, { pin: "007" });
  assert.equal(Buffer.from(seen.headers.authorization!.slice(6), "base64").toString(), "u:007");
});

test("BearerAuthenticator sends Authorization: Bearer <token>", async () => {
  const seen = await firstRequest({ type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" }, { api_key: "ghp_abcdef" });
  assert.equal(seen.headers.authorization, "Bearer ghp_abcdef");
});

test("ApiKeyAuthenticator puts the key into a header verbatim, prefix from api_token", async () => {
  const seen = await firstRequest(
    { type: "ApiKeyAuthenticator", api_token: "Token token={{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "Authorization" } },
    { api_key: "k-42" },
  );
  assert.equal(seen.headers.authorization, "Token token=k-42");
});

test("ApiKeyAuthenticator puts the key into a query parameter", async () => {
  const seen = await firstRequest(
    { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "request_parameter", field_name: "api_key" } },
    { api_key: "DEMO KEY/1" },
  );
  assert.equal(seen.query.api_key, "DEMO KEY/1");
});

test("ApiKeyAuthenticator puts the key into a nested JSON body field", async () => {
  const seen = await firstRequest(
    { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "body_json", field_path: ["auth", "key"] } },
    { api_key: "k-json" },
    "POST",
  );
  assert.deepEqual(JSON.parse(seen.body), { auth: { key: "k-json" } });
});

test("ApiKeyAuthenticator puts the key into a form field", async () => {
  const seen = await firstRequest(
    { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "body_data", field_name: "key" } },
    { api_key: "k form" },
    "POST",
  );
  assert.equal(new URLSearchParams(seen.body).get("key"), "k form");
});

test("ApiKeyAuthenticator's deprecated header field names the header", async () => {
  const seen = await firstRequest({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", header: "X-Api-Key" }, { api_key: "k-old" });
  assert.equal(seen.headers["x-api-key"], "k-old");
});

test("ApiKeyAuthenticator with both header and inject_into is refused at build", async () => {
  await assert.rejects(
    testConnector({
      url: api.url,
      authenticator: { type: "ApiKeyAuthenticator", api_token: "x", header: "X-Key", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Key" } },
      config: {},
    }),
    (error: unknown) => error instanceof SluiceError && error.code === "AUTH_DEFINITION_INVALID" && /remove header/.test(error.message),
  );
});

test("NoAuth sends no credentials", async () => {
  const seen = await firstRequest({ type: "NoAuth" }, {});
  assert.equal(seen.headers.authorization, undefined);
});
