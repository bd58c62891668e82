import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { applyConsentValues } from "../../oauth-consent/apply-consent-values.js";
import { beginConsent } from "../../oauth-consent/begin-consent.js";
import { completeConsent, type ConsentResult } from "../../oauth-consent/complete-consent.js";
import { runLoopbackConsent } from "../../oauth-consent/run-loopback-consent.js";
import { DEMO_OAUTH_CLIENT } from "../../examples/demo-api/routes/oauth-server.js";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { answerConsent } from "./oauth-consent-user.js";
import { demoOAuthManifest } from "./oauth-consent-manifest.js";

describe("the declarative OAuth consent against the demo authorization server", () => {
  let api: DemoApi;
  let config: Record<string, unknown>;
  before(async () => {
    api = await startDemoApi();
    config = { base_url: api.url, credentials: { auth_type: "oauth2.0", client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret } };
  });
  after(() => api.close());

  /** Runs the loopback flow while a simulated user answers the consent page. */
  async function consent(manifest: Record<string, unknown>, decision: "allow" | "deny" = "allow", tamper?: (q: URLSearchParams) => void) {
    let user: Promise<{ status: number; text: string }> | undefined;
    let consentUrl = "";
    const result = runLoopbackConsent({
      manifest,
      config,
      consentTimeoutMs: 10_000,
      onConsentUrl: (url) => {
        consentUrl = url;
        user = answerConsent(url, decision, tamper);
      },
    });
    const outcome = await result.then((r) => ({ result: r, error: undefined }), (error: unknown) => ({ result: undefined as ConsentResult | undefined, error }));
    return { ...outcome, page: await user!, consentUrl };
  }

  async function readMe(updated: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: demoOAuthManifest(), config: updated });
    const records: Record<string, unknown>[] = [];
    for await (const record of connector.read("me")) records.push(record);
    return records;
  }

  it("JSON exchange with joined scopes: the tokens land in the config and OAuthAuthenticator refreshes with them", async () => {
    const { result, error, page, consentUrl } = await consent(demoOAuthManifest());
    assert.equal(error, undefined);
    assert.ok(consentUrl.includes("scope=read+write"));
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(String(result!.outputs.access_token)));
    const updated = applyConsentValues(config, result!.values);
    const credentials = updated.credentials as Record<string, string>;
    assert.match(credentials.access_token!, /^at_/);
    assert.match(credentials.refresh_token!, /^rt_/);
    assert.equal(credentials.granted_scope, "read write");
    assert.ok(Math.abs(Date.parse(credentials.token_expiry_date!) - (Date.now() + 3600_000)) < 5_000);
    const userinfo = await fetch(`${api.url}/authz/userinfo`, { headers: { Authorization: `Bearer ${credentials.access_token}` } });
    assert.deepEqual(await userinfo.json(), { sub: "demo-user", scope: "read write" });
    // The refresh afterwards: OAuthAuthenticator trades the stored refresh token for a new access token.
    assert.deepEqual(await readMe(updated), [{ sub: "demo-user", scope: "read write" }]);
    const revoked = structuredClone(updated);
    (revoked.credentials as Record<string, string>).refresh_token = "rt_not_issued";
    await assert.rejects(readMe(revoked));
  });

  it("form exchange with a custom Basic Authorization header and PKCE verified by the server", async () => {
    const manifest = demoOAuthManifest({
      pkce: true,
      access_token_params: { grant_type: "authorization_code", code: "{{ auth_code_value }}", redirect_uri: "{{ redirect_uri_value }}" },
      access_token_headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: "Basic {{ (client_id_value ~ ':' ~ client_secret_value) | b64encode }}",
      },
    });
    const { result, error, consentUrl } = await consent(manifest);
    assert.equal(error, undefined);
    assert.equal(new URL(consentUrl).searchParams.get("code_challenge_method"), "S256");
    assert.match(String(result!.outputs.access_token), /^at_/);
  });

  it("PKCE: the server refuses the exchange when the verifier does not match the challenge", async () => {
    const manifest = demoOAuthManifest({ pkce: true });
    const redirectUri = "http://127.0.0.1:9/callback";
    const request = beginConsent({ manifest, config, redirectUri });
    const page = await fetch(request.url);
    const id = /name="request" value="([^"]+)"/.exec(await page.text())![1]!;
    const post = await fetch(`${api.url}/authz/decision`, { method: "POST", body: new URLSearchParams({ request: id, decision: "allow" }), redirect: "manual" });
    const query = new URL(post.headers.get("location")!).searchParams;
    const wrong = { ...request, codeVerifier: randomBytes(48).toString("base64url") };
    await assert.rejects(completeConsent({ manifest, config, redirectUri, request: wrong, query }), (e: { code: string; describe(): string }) =>
      e.code === "OAUTH_TOKEN_EXCHANGE_FAILED" && e.describe().includes("code_verifier does not match"));
  });

  it("key-name overrides and nested extract_output (TikTok-style: app_id, secret, auth_code, data.access_token)", async () => {
    const manifest = demoOAuthManifest(
      {
        consent_url: "{{ base_url }}/authz/tiktok/auth?{{ client_id_param }}&{{ state_param }}&{{ redirect_uri_param }}&{{ scope_param }}",
        access_token_url: "{{ base_url }}/authz/tiktok/access_token",
        client_id_key: "app_id",
        client_secret_key: "secret",
        auth_code_key: "auth_code",
        scopes: [{ scope: "ads.read" }, { scope: "ads.write" }],
        scopes_join_strategy: "comma",
        access_token_headers: { "Content-Type": "application/json" },
        access_token_params: { "{{ client_id_key }}": "{{ client_id_value }}", "{{ client_secret_key }}": "{{ client_secret_value }}", "{{ auth_code_key }}": "{{ auth_code_value }}" },
        extract_output: ["data.access_token", "data.refresh_token", "data.expires_in"],
      },
      {
        access_token: { type: "string", path_in_connector_config: ["credentials", "access_token"] },
        refresh_token: { type: "string", path_in_connector_config: ["credentials", "refresh_token"] },
        token_expiry_date: { type: "string", path_in_connector_config: ["credentials", "token_expiry_date"] },
      },
    );
    const { result, error, consentUrl } = await consent(manifest);
    assert.equal(error, undefined);
    assert.ok(consentUrl.includes(`app_id=${DEMO_OAUTH_CLIENT.id}`) && consentUrl.includes("scope=ads.read%2Cads.write"));
    assert.deepEqual(result!.values.map((v) => v.path.join(".")), ["credentials.access_token", "credentials.refresh_token", "credentials.token_expiry_date"]);
    assert.match(String(result!.outputs.access_token), /^at_/);
  });

  it("a denied consent ends the flow with OAUTH_ACCESS_DENIED and tells the browser", async () => {
    const { error, page } = await consent(demoOAuthManifest(), "deny");
    assert.equal((error as { code?: string }).code, "OAUTH_ACCESS_DENIED");
    assert.equal(page.status, 400);
    assert.ok(page.text.includes("OAUTH_ACCESS_DENIED"));
  });

  it("a tampered state in the redirect is refused, the browser is told, and the flow keeps waiting until its time limit", async () => {
    let refused: Error | undefined;
    const started = Date.now();
    const flow = runLoopbackConsent({
      manifest: demoOAuthManifest(), config, consentTimeoutMs: 1_500,
      onIgnoredCallback: (error) => (refused = error),
      onConsentUrl: (url) => void answerConsent(url, "allow", (q) => q.set("state", `${q.get("state")}x`)),
    });
    await assert.rejects(flow, { code: "OAUTH_CONSENT_TIMEOUT" });
    assert.equal((refused as { code?: string } | undefined)?.code, "OAUTH_STATE_MISMATCH");
    assert.ok(Date.now() - started >= 1_400, "the flow waited for its time limit");
  });

  it("forged callbacks (wrong state, no state, a forged error) get an error page and the real redirect still completes", async () => {
    const forged: { status: number; text: string }[] = [];
    let user: Promise<{ status: number; text: string }> | undefined;
    const result = await runLoopbackConsent({
      manifest: demoOAuthManifest(), config, consentTimeoutMs: 10_000,
      onConsentUrl: async (url, redirectUri) => {
        for (const query of ["state=forged&code=attacker-code", "code=attacker-code", "error=access_denied"]) {
          const response = await fetch(`${redirectUri}?${query}`);
          forged.push({ status: response.status, text: await response.text() });
        }
        user = answerConsent(url, "allow");
      },
    });
    assert.deepEqual(forged.map((f) => f.status), [400, 400, 400]);
    assert.match(forged[0]!.text, /OAUTH_STATE_MISMATCH[\s\S]*keeps waiting/);
    assert.match(forged[1]!.text, /OAUTH_STATE_MISSING/);
    assert.equal((await user!).status, 200);
    assert.match(String(result.outputs.access_token), /^at_/);
  });

  it("no redirect before the timeout ends the flow with OAUTH_CONSENT_TIMEOUT", async () => {
    await assert.rejects(runLoopbackConsent({ manifest: demoOAuthManifest(), config, consentTimeoutMs: 50, onConsentUrl: () => undefined }), { code: "OAUTH_CONSENT_TIMEOUT" });
  });
});
