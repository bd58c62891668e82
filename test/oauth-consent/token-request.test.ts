import assert from "node:assert/strict";
import { test } from "node:test";
import { consentTemplateVariables } from "../../oauth-consent/consent-template-variables.js";
import { readConsentSpec } from "../../oauth-consent/read-consent-spec.js";
import { buildTokenRequest, describeTokenRequest } from "../../oauth-consent/token-request.js";
import { consentManifest } from "./consent-manifest.js";

function build(input: Record<string, unknown>, verifier?: string) {
  const spec = readConsentSpec(consentManifest(input));
  const vars = consentTemplateVariables(spec.input, {}, { clientId: "cid", clientSecret: "sec ret", redirectUri: "http://127.0.0.1:9/cb", state: "st", code: "k/1" });
  return buildTokenRequest(spec, vars, verifier);
}

test("without access_token_params the body is empty and the default form headers are sent", () => {
  const request = build({ access_token_url: "https://p.example.com/token?{{ client_id_param }}&client_secret={{ client_secret_value | urlencode }}&{{ auth_code_param }}&{{ redirect_uri_param }}" });
  assert.equal(request.url, "https://p.example.com/token?client_id=cid&client_secret=sec+ret&code=k/1&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb");
  assert.equal(request.body, "");
  assert.equal(request.encoding, "form");
  assert.deepEqual(request.headers, { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" });
});

test("access_token_params without headers are sent as JSON, labelled application/json", () => {
  const request = build({ access_token_params: { grant_type: "authorization_code", code: "{{ auth_code_value }}", "{{ client_id_key }}": "{{ client_id_value }}" } });
  assert.equal(request.encoding, "json");
  assert.deepEqual(JSON.parse(request.body), { grant_type: "authorization_code", code: "k/1", client_id: "cid" });
  assert.equal(request.headers["Content-Type"], "application/json");
});

test("a form Content-Type in access_token_headers switches the params to a java-encoded form", () => {
  const request = build({
    access_token_params: { code: "{{ auth_code_value }}", client_secret: "{{ client_secret_value }}", redirect_uri: "{{ redirect_uri_value }}" },
    access_token_headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: "Basic {{ (client_id_value ~ ':' ~ client_secret_value) | b64encode }}" },
  });
  assert.equal(request.encoding, "form");
  assert.equal(request.body, "code=k%2F1&client_secret=sec+ret&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb");
  assert.deepEqual(request.headers, { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${Buffer.from("cid:sec ret").toString("base64")}` });
});

test("custom headers replace the defaults; a missing Content-Type gets the body's real one", () => {
  const request = build({ access_token_params: { code: "{{ auth_code_value }}" }, access_token_headers: { "X-Api-Version": "2024-01" } });
  assert.deepEqual(request.headers, { "X-Api-Version": "2024-01", "Content-Type": "application/json" });
  const json = build({ access_token_params: { a: "1" }, access_token_headers: { "Content-Type": "application/json" } });
  assert.equal(json.encoding, "json");
});

test("with pkce the verifier is added to the exchange body", () => {
  const verifier = "v".repeat(64);
  assert.equal(build({ pkce: true }, verifier).body, `code_verifier=${verifier}`);
  assert.deepEqual(JSON.parse(build({ pkce: true, access_token_params: { code: "{{ auth_code_value }}" } }, verifier).body), { code: "k/1", code_verifier: verifier });
});

test("the request as shown in errors never includes the query", () => {
  assert.equal(describeTokenRequest("https://p.example.com/token?client_secret=abc&code=x"), "POST https://p.example.com/token?<redacted>");
  assert.equal(describeTokenRequest("https://p.example.com/token"), "POST https://p.example.com/token");
});
