import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";
import { authManifest, runSluice } from "./auth-cli-support.js";

let api: Loopback;
let dir: string;
/** Every credential the server hands out, to check none is printed. */
const obtained: string[] = [];

before(async () => {
  api = await startLoopback();
  // A careless API that echoes credentials in its error bodies, the worst case for redaction.
  const echo = (req: { headers: Record<string, unknown>; query: URLSearchParams; body: string }) =>
    `refused: ${String(req.headers.authorization ?? "")} ${String(req.headers["x-session"] ?? "")} ${req.query.toString()} ${req.body}`;
  api.route("/oauth/token", (req, res) => {
    const form = new URLSearchParams(req.body);
    if (form.get("refresh_token") === "rt-good-0123456789") {
      const token = `at-${Math.random().toString(36).slice(2, 12)}`;
      obtained.push(token);
      return json(res, 200, { access_token: token, expires_in: 3600 });
    }
    json(res, 400, { error: "invalid_grant", error_description: `refresh token ${form.get("refresh_token")} with secret ${form.get("client_secret")} is revoked` });
  });
  api.route("/login", (req, res) => {
    const body = JSON.parse(req.body || "{}") as Record<string, string>;
    if (body.password !== "pw-correct-horse") return json(res, 401, { error: `wrong password ${body.password}` });
    const token = `sess-${Math.random().toString(36).slice(2, 12)}`;
    obtained.push(token);
    json(res, 200, { token });
  });
  api.route("/items", (req, res) => json(res, 401, { error: echo(req) }));
  dir = mkdtempSync(join(tmpdir(), "sluice-e2e-secrets-"));
});
after(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const oauth = (url: string) => ({
  type: "OAuthAuthenticator",
  token_refresh_endpoint: `${url}/oauth/token`,
  client_id: "{{ config['client_id'] }}",
  client_secret: "{{ config['client_secret'] }}",
  refresh_token: "{{ config['refresh_token'] }}",
});
const session = (url: string) => ({
  type: "SessionTokenAuthenticator",
  login_requester: { type: "HttpRequester", url_base: url, path: "/login", http_method: "POST", request_body_json: { user: "{{ config['user'] }}", password: "{{ config['password'] }}" } },
  session_token_path: ["token"],
  expiration_duration: "PT1H",
  request_authentication: { type: "ApiKey", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Session" } },
});

const cases: Array<{ name: string; authenticator: (url: string) => unknown; secretFields: string[]; config: Record<string, string>; secrets: string[] }> = [
  {
    name: "an OAuth refresh refused with invalid_grant",
    authenticator: oauth,
    secretFields: ["client_secret", "refresh_token"],
    config: { client_id: "cid", client_secret: "cs-0123456789", refresh_token: "rt-revoked-0123456789" },
    secrets: ["cs-0123456789", "rt-revoked-0123456789"],
  },
  {
    name: "an OAuth access token the API refuses twice (the token was obtained, not configured)",
    authenticator: oauth,
    secretFields: ["client_secret", "refresh_token"],
    config: { client_id: "cid", client_secret: "cs-0123456789", refresh_token: "rt-good-0123456789" },
    secrets: ["cs-0123456789", "rt-good-0123456789"],
  },
  {
    name: "a session token the API refuses",
    authenticator: session,
    secretFields: ["password"],
    config: { user: "ana", password: "pw-correct-horse" },
    secrets: ["pw-correct-horse"],
  },
  {
    name: "a refused session login",
    authenticator: session,
    secretFields: ["password"],
    config: { user: "ana", password: "pw-wrong-battery" },
    secrets: ["pw-wrong-battery"],
  },
  {
    name: "an API key in a query parameter, not marked airbyte_secret",
    authenticator: () => ({ type: "ApiKeyAuthenticator", api_token: "{{ config['key'] }}", inject_into: { type: "RequestOption", inject_into: "request_parameter", field_name: "api_key" } }),
    secretFields: [],
    config: { key: "key with/odd chars 0123" },
    secrets: ["key with/odd chars 0123", "key+with%2Fodd+chars+0123", "key%20with%2Fodd%20chars%200123"],
  },
  {
    name: "Basic credentials, password not marked airbyte_secret",
    authenticator: () => ({ type: "BasicHttpAuthenticator", username: "{{ config['user'] }}", password: "{{ config['pass'] }}" }),
    secretFields: [],
    config: { user: "ana", pass: "basic-pass-0123" },
    secrets: ["basic-pass-0123", Buffer.from("ana:basic-pass-0123").toString("base64")],
  },
  {
    name: "a signed JWT and its key",
    authenticator: () => ({ type: "JwtAuthenticator", secret_key: "{{ config['jwt_key'] }}", algorithm: "HS256", jwt_payload: { iss: "sluice" } }),
    secretFields: [],
    config: { jwt_key: "jwt-signing-key-0123" },
    secrets: ["jwt-signing-key-0123", "eyJ"],
  },
];

for (const [i, c] of cases.entries()) {
  test(`a failing CLI read prints no secret: ${c.name}`, async () => {
    const manifest = `m${i}.yaml`;
    const config = `c${i}.json`;
    const properties = Object.fromEntries(Object.keys(c.config).filter((k) => !c.secretFields.includes(k)).map((k) => [k, { type: "string" }]));
    writeFileSync(join(dir, manifest), stringify(authManifest(c.authenticator(api.url), c.secretFields, properties)));
    writeFileSync(join(dir, config), JSON.stringify({ base_url: api.url, ...c.config }));
    const before = obtained.length;
    const run = await runSluice(["read", "--config", config, "--manifest", manifest, "--log-level", "debug"], dir);
    assert.equal(run.code, 1, "the read fails");
    const trace = run.messages.find((m) => m.trace?.type === "ERROR");
    assert.ok(trace, `an error TRACE is printed: ${run.stdout}`);
    const printed = run.stdout + run.stderr;
    for (const secret of [...c.secrets, ...obtained.slice(before)]) {
      assert.ok(!printed.includes(secret), `'${secret}' was printed:\n${printed}`);
    }
    assert.match(printed, /\*\*\*\*/, "the echoed credentials appear masked");
  });
}
