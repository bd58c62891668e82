import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { beginConsent } from "../../oauth-consent/begin-consent.js";
import { consentConfig, consentManifest } from "./consent-manifest.js";

const redirectUri = "http://127.0.0.1:8765/callback";

test("the consent URL carries the client id from the config, the encoded redirect URI, the scope and a fresh state", () => {
  const request = beginConsent({ manifest: consentManifest({ scope: "read write" }), config: consentConfig(), redirectUri });
  const url = new URL(request.url);
  assert.equal(url.searchParams.get("client_id"), "demo-client");
  assert.equal(url.searchParams.get("redirect_uri"), redirectUri);
  assert.ok(request.url.includes("scope=read+write"));
  assert.equal(url.searchParams.get("state"), request.state);
  assert.match(request.state, /^[A-Za-z]{7}$/);
  assert.equal(request.codeVerifier, undefined);
  assert.ok(!request.url.includes("demo-secret"));
  const again = beginConsent({ manifest: consentManifest(), config: consentConfig(), redirectUri });
  assert.notEqual(again.state, request.state);
});

test("state length stays within state.min and state.max, over letters, digits and .-_", () => {
  const lengths = new Set<number>();
  for (let i = 0; i < 200; i += 1) {
    const { state } = beginConsent({ manifest: consentManifest({ state: { min: 10, max: 12 } }), config: consentConfig(), redirectUri });
    assert.match(state, /^[A-Za-z0-9._-]{10,12}$/);
    lengths.add(state.length);
  }
  assert.deepEqual([...lengths].sort(), [10, 11, 12]);
});

test("unusable state bounds are refused with the manifest path", () => {
  assert.throws(
    () => beginConsent({ manifest: consentManifest({ state: { min: 30, max: 8 } }), config: consentConfig(), redirectUri }),
    (e: { code: string; where: { manifestPath: string } }) =>
      e.code === "OAUTH_SPEC_INVALID" && e.where.manifestPath === "spec.advanced_auth.oauth_config_specification.oauth_connector_input_specification.state",
  );
});

test("key-name overrides rename the client id, redirect URI, scope and state parameters", () => {
  const manifest = consentManifest({
    client_id_key: "app_id",
    redirect_uri_key: "callback_uri",
    scope_key: "permissions",
    state_key: "csrf",
    scopes: [{ scope: "ads.read" }, { scope: "ads.write" }],
    scopes_join_strategy: "comma",
  });
  const request = beginConsent({ manifest, config: consentConfig(), redirectUri });
  const url = new URL(request.url);
  assert.equal(url.searchParams.get("app_id"), "demo-client");
  assert.equal(url.searchParams.get("callback_uri"), redirectUri);
  assert.equal(url.searchParams.get("permissions"), "ads.read,ads.write");
  assert.equal(url.searchParams.get("csrf"), request.state);
  assert.equal(url.searchParams.get("client_id"), null);
});

test("pkce: true adds an unpadded base64url S256 challenge of a 43-128 character verifier", () => {
  const request = beginConsent({ manifest: consentManifest({ pkce: true }), config: consentConfig(), redirectUri });
  assert.ok(request.codeVerifier);
  assert.match(request.codeVerifier, /^[A-Za-z0-9._~-]{43,128}$/);
  const url = new URL(request.url);
  assert.equal(url.searchParams.get("code_challenge"), createHash("sha256").update(request.codeVerifier).digest("base64url"));
  assert.equal(url.searchParams.get("code_challenge_method"), "S256");
  assert.doesNotMatch(url.searchParams.get("code_challenge")!, /[=+/]/);
});

test("a template using code_challenge_value turns PKCE on and places it itself", () => {
  const manifest = consentManifest({ consent_url: "https://p.example.com/auth?{{ client_id_param }}&cc={{ code_challenge_value }}&m={{ code_challenge_method_value }}&{{ state_param }}" });
  const request = beginConsent({ manifest, config: consentConfig(), redirectUri });
  const url = new URL(request.url);
  assert.equal(url.searchParams.get("cc"), createHash("sha256").update(request.codeVerifier!).digest("base64url"));
  assert.equal(url.searchParams.get("m"), "S256");
  assert.equal(url.searchParams.get("code_challenge"), null);
});

test("user inputs are read from their path_in_connector_config", () => {
  const manifest = consentManifest(
    { consent_url: "https://{{ subdomain }}.example.com/auth?{{ client_id_param }}&{{ state_param }}" },
    { oauth_user_input_from_connector_config_specification: { type: "object", required: ["subdomain"], properties: { subdomain: { type: "string", path_in_connector_config: ["shop"] } } } },
  );
  assert.ok(beginConsent({ manifest, config: consentConfig({ shop: "acme" }), redirectUri }).url.startsWith("https://acme.example.com/auth?"));
  assert.throws(() => beginConsent({ manifest, config: consentConfig(), redirectUri }), { code: "OAUTH_USER_INPUT_MISSING" });
});

test("the client id is looked up at the server output spec's path, then credentials.client_id, and may be overridden", () => {
  const manifest = consentManifest({}, {
    complete_oauth_server_output_specification: { properties: { client_id: { type: "string", path_in_connector_config: ["app", "id"] } } },
  });
  const fromPath = beginConsent({ manifest, config: { app: { id: "from-path" } }, redirectUri });
  assert.equal(new URL(fromPath.url).searchParams.get("client_id"), "from-path");
  const fallback = beginConsent({ manifest, config: { credentials: { client_id: "from-credentials" } }, redirectUri });
  assert.equal(new URL(fallback.url).searchParams.get("client_id"), "from-credentials");
  const overridden = beginConsent({ manifest, config: { app: { id: "x" } }, redirectUri, clientId: "flag" });
  assert.equal(new URL(overridden.url).searchParams.get("client_id"), "flag");
  assert.throws(() => beginConsent({ manifest, config: {}, redirectUri }), { code: "OAUTH_CLIENT_ID_MISSING" });
});

test("a manifest without advanced_auth, without consent_url or without an output spec is refused clearly", () => {
  assert.throws(() => beginConsent({ manifest: { version: "6.0.0", streams: [] }, config: {}, redirectUri }), { code: "OAUTH_SPEC_MISSING" });
  assert.throws(() => beginConsent({ manifest: consentManifest({ consent_url: undefined }), config: consentConfig(), redirectUri }), { code: "OAUTH_SPEC_INVALID" });
  assert.throws(
    () => beginConsent({ manifest: consentManifest({}, { complete_oauth_output_specification: undefined }), config: consentConfig(), redirectUri }),
    { code: "OAUTH_OUTPUT_SPEC_MISSING" },
  );
  assert.throws(() => beginConsent({ manifest: consentManifest({ consent_url: "not a url {{ state_value }}" }), config: consentConfig(), redirectUri }), { code: "OAUTH_URL_INVALID" });
});

test("a spec nested under properties is read as the platform reads it", () => {
  const manifest = consentManifest();
  const spec = (manifest.spec as { advanced_auth: { oauth_config_specification: Record<string, unknown> } }).advanced_auth.oauth_config_specification;
  spec.oauth_connector_input_specification = { properties: spec.oauth_connector_input_specification };
  assert.ok(beginConsent({ manifest, config: consentConfig(), redirectUri }).url.startsWith("https://provider.example.com/authorize?client_id=demo-client"));
});
