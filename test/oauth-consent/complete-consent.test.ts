import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { applyConsentValues } from "../../oauth-consent/apply-consent-values.js";
import { beginConsent } from "../../oauth-consent/begin-consent.js";
import { completeConsent } from "../../oauth-consent/complete-consent.js";
import { consentConfig, consentManifest } from "./consent-manifest.js";

interface Seen { method: string; url: string; headers: IncomingMessage["headers"]; body: string }
const seen: Seen[] = [];
let answer: { status: number; type: string; body: string } = { status: 200, type: "application/json", body: "{}" };
let server: Server;
let base = "";

before(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.writeHead(answer.status, { "Content-Type": answer.type, ...(answer.status === 302 ? { Location: `${base}/elsewhere` } : {}) });
      res.end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const redirectUri = "http://127.0.0.1:8765/callback";
const JAN_1 = Date.parse("2024-01-01T00:00:00Z");

function flow(input: Record<string, unknown> = {}) {
  const manifest = consentManifest({
    access_token_url: `${base}/token`,
    access_token_params: { grant_type: "authorization_code", code: "{{ auth_code_value }}", client_id: "{{ client_id_value }}", client_secret: "{{ client_secret_value }}", redirect_uri: "{{ redirect_uri_value }}" },
    extract_output: ["access_token", "refresh_token", "expires_in"],
    ...input,
  });
  const config = consentConfig();
  const request = beginConsent({ manifest, config, redirectUri });
  const complete = (query: Record<string, string>, extra: Record<string, unknown> = {}) =>
    completeConsent({ manifest, config, redirectUri, request, query, now: () => JAN_1, ...extra });
  return { manifest, config, request, complete };
}

test("a verified state and code are exchanged; the values land at their path_in_connector_config", async () => {
  seen.length = 0;
  answer = { status: 200, type: "application/json", body: JSON.stringify({ access_token: "at-1", refresh_token: "rt-1", expires_in: 3600 }) };
  const { config, request, complete } = flow();
  const result = await complete({ code: "the-code", state: request.state });
  assert.equal(seen.length, 1);
  assert.deepEqual(JSON.parse(seen[0]!.body), { grant_type: "authorization_code", code: "the-code", client_id: "demo-client", client_secret: "demo-secret", redirect_uri: redirectUri });
  assert.equal(seen[0]!.headers["content-type"], "application/json");
  assert.deepEqual(result.outputs, { access_token: "at-1", refresh_token: "rt-1", expires_in: "3600", token_expiry_date: "2024-01-01T01:00:00Z" });
  const updated = applyConsentValues(config, result.values);
  assert.deepEqual(updated, {
    start_date: "2024-01-01",
    credentials: { auth_type: "oauth2.0", client_id: "demo-client", client_secret: "demo-secret", access_token: "at-1", refresh_token: "rt-1", token_expiry_date: "2024-01-01T01:00:00Z" },
  });
  assert.equal((config.credentials as Record<string, unknown>).access_token, undefined);
});

test("a tampered state is refused before any code exchange", async () => {
  seen.length = 0;
  const { request, complete } = flow();
  const tampered = request.state.slice(0, -1) + (request.state.endsWith("a") ? "b" : "a");
  await assert.rejects(complete({ code: "c", state: tampered }), { code: "OAUTH_STATE_MISMATCH" });
  await assert.rejects(complete({ code: "c" }), { code: "OAUTH_STATE_MISSING" });
  assert.equal(seen.length, 0);
});

test("a denied consent and other provider errors come back as clear errors", async () => {
  const { request, complete } = flow();
  await assert.rejects(complete({ error: "access_denied", error_description: "The user said no", state: request.state }), (e: { code: string; describe(): string }) =>
    e.code === "OAUTH_ACCESS_DENIED" && e.describe().includes("The user said no"));
  await assert.rejects(complete({ error: "invalid_scope", state: request.state }), { code: "OAUTH_PROVIDER_ERROR" });
  await assert.rejects(complete({ state: request.state }), { code: "OAUTH_CODE_MISSING" });
});

test("state_key and auth_code_key rename the redirect's parameters", async () => {
  answer = { status: 200, type: "application/json", body: JSON.stringify({ access_token: "a", refresh_token: "r", expires_in: 1 }) };
  const { request, complete } = flow({ state_key: "csrf", auth_code_key: "auth_code" });
  await assert.rejects(complete({ code: "c", state: request.state }), { code: "OAUTH_STATE_MISSING" });
  const result = await complete({ auth_code: "c2", csrf: request.state });
  assert.equal(result.outputs.access_token, "a");
});

test("a refused exchange reports the provider's error without the client secret or the code", async () => {
  answer = { status: 400, type: "application/json", body: JSON.stringify({ error: "invalid_grant", error_description: "code the-secret-code was already used (demo-secret)" }) };
  const { request, complete } = flow();
  await assert.rejects(complete({ code: "the-secret-code", state: request.state }), (e: { code: string; describe(): string }) => {
    const text = e.describe();
    return e.code === "OAUTH_TOKEN_EXCHANGE_FAILED" && text.includes("invalid_grant") && !text.includes("the-secret-code") && !text.includes("demo-secret");
  });
});

test("a 200 answer carrying an error instead of tokens is reported as the provider's error", async () => {
  answer = { status: 200, type: "application/json", body: JSON.stringify({ ok: false, error: "bad_verification_code" }) };
  const { request, complete } = flow();
  await assert.rejects(complete({ code: "c", state: request.state }), (e: { code: string; describe(): string }) =>
    e.code === "OAUTH_TOKEN_EXCHANGE_FAILED" && e.describe().includes("bad_verification_code"));
});

test("a form-encoded token response is read, and a non-JSON one is refused", async () => {
  answer = { status: 200, type: "application/x-www-form-urlencoded", body: "access_token=a1&refresh_token=r1&expires_in=10" };
  const { request, complete } = flow();
  assert.equal((await complete({ code: "c", state: request.state })).outputs.refresh_token, "r1");
  answer = { status: 200, type: "text/html", body: "<html>hello</html>" };
  await assert.rejects(complete({ code: "c", state: request.state }), { code: "OAUTH_TOKEN_RESPONSE_INVALID" });
});

test("a redirect from the token endpoint is not followed", async () => {
  seen.length = 0;
  answer = { status: 302, type: "text/plain", body: "" };
  const { request, complete } = flow();
  await assert.rejects(complete({ code: "c", state: request.state }), { code: "OAUTH_TOKEN_EXCHANGE_FAILED" });
  assert.deepEqual(seen.map((s) => s.url), ["/token"]);
});

test("client credentials given as overrides and a missing predicate are written to the config too", async () => {
  answer = { status: 200, type: "application/json", body: JSON.stringify({ access_token: "a", refresh_token: "r", expires_in: 5 }) };
  const manifest = consentManifest({ access_token_url: `${base}/token`, extract_output: ["refresh_token"] });
  const config = { start_date: "2024-01-01" };
  const request = beginConsent({ manifest, config, redirectUri, clientId: "flag-id", clientSecret: "flag-secret" });
  const result = await completeConsent({ manifest, config, redirectUri, request, query: { code: "c", state: request.state }, clientId: "flag-id", clientSecret: "flag-secret" });
  assert.deepEqual(applyConsentValues(config, result.values), {
    start_date: "2024-01-01",
    credentials: { refresh_token: "r", client_id: "flag-id", client_secret: "flag-secret", auth_type: "oauth2.0" },
  });
});
