import assert from "node:assert/strict";
import { test } from "node:test";
import { consentTemplateVariables } from "../../oauth-consent/consent-template-variables.js";
import { javaUrlEncode } from "../../oauth-consent/java-url-encode.js";
import { renderConsentTemplate } from "../../oauth-consent/render-consent-template.js";

const render = (template: string, vars: Record<string, string | undefined> = {}): string => renderConsentTemplate(template, vars, "test.template");

test("urlencode follows java URLEncoder: space is +, ~ is encoded, * . - _ are kept", () => {
  assert.equal(render("{{ 'hello world' | urlencode }}"), "hello+world");
  assert.equal(render("{{ v | urlencode }}", { v: "a~b*c.d-e_f!'()" }), "a%7Eb*c.d-e_f%21%27%28%29");
  assert.equal(render("{{ v | urlencode }}", { v: "https://airbyte.io/x?y=1&z=é" }), "https%3A%2F%2Fairbyte.io%2Fx%3Fy%3D1%26z%3D%C3%A9");
  assert.equal(javaUrlEncode("😀"), "%F0%9F%98%80");
});

test("b64encode gives padded standard Base64 of the UTF-8 text", () => {
  assert.equal(render("{{ 'client_id:client_secret' | b64encode }}"), "Y2xpZW50X2lkOmNsaWVudF9zZWNyZXQ=");
  assert.equal(render("{{ 'testValue' | b64encode }}"), "dGVzdFZhbHVl");
  assert.equal(render("Basic {{ (client_id_value ~ ':' ~ client_secret_value) | b64encode }}", { client_id_value: "id", client_secret_value: "sec" }), `Basic ${Buffer.from("id:sec").toString("base64")}`);
});

test("codechallengeS256 keeps the platform's padded standard Base64 output", () => {
  assert.equal(render("{{ 'state' | codechallengeS256 }}"), "S6aXNcpTdl7WpwnttWxuoja3GTo7KaazkMNG8PQ0Dk4=");
  assert.equal(render("{{ 'testValue' | codechallengeS256 }}"), "gv4Mg0y+oGkBPF63go5Zmmk+DSQRiH4qsnMnFmKXMII=");
  assert.equal(render("{{ 'id_123:secret_456' | codechallengeS256 }}"), "kdlBQTTftIOzHnzQoqp3dQ5jBsSehFTjg1meg1gL3OY=");
});

test("an unknown variable renders as empty text, as Jinjava does", () => {
  assert.equal(render("a={{ nothing_here }}&b={{ b }}", { b: "2" }), "a=&b=2");
});

test("templates reaching for constructor or __proto__ are refused with OAUTH_TEMPLATE_INVALID", () => {
  assert.throws(() => render("{{ x.constructor.constructor('return process')() }}", { x: "s" }), { code: "OAUTH_TEMPLATE_INVALID" });
  assert.throws(() => render("{{ x.__proto__ }}"), { code: "OAUTH_TEMPLATE_INVALID" });
});

test("a template that does not parse or uses an unknown filter names its manifest path", () => {
  assert.throws(() => render("{{ x | }}"), (e: { code: string; where: { manifestPath: string } }) => e.code === "OAUTH_TEMPLATE_INVALID" && e.where.manifestPath === "test.template");
  assert.throws(() => render("{{ x | no_such_filter }}", { x: "1" }), { code: "OAUTH_TEMPLATE_INVALID" });
});

test("the platform's consent URL test vector renders identically (key overrides, scope_param, codechallengeS256)", () => {
  const input = {
    consent_url:
      "https://some.domain.com/oauth2/authorize?{{ client_id_key }}={{ client_id_value }}&{{ redirect_uri_key }}={{ redirect_uri_value | urlencode }}&{{ scope_param }}&{{ state_key }}={{ state_value }}&subdomain={{ subdomain }}&code_challenge={{ state_value | codechallengeS256 }}",
    scope: "test_scope_1 test_scope_2 test_scope_3",
    state_key: "my_state_key",
    client_id_key: "my_client_id_key",
    redirect_uri_key: "callback_uri",
    subdomain: "test_subdomain",
  };
  const expected =
    "https://some.domain.com/oauth2/authorize?my_client_id_key=test_client_id&callback_uri=https%3A%2F%2Fairbyte.io&scope=test_scope_1+test_scope_2+test_scope_3&my_state_key=state&subdomain=test_subdomain&code_challenge=S6aXNcpTdl7WpwnttWxuoja3GTo7KaazkMNG8PQ0Dk4=";
  const step = { clientId: "test_client_id", redirectUri: "https://airbyte.io", state: "state" };
  assert.equal(render(input.consent_url, consentTemplateVariables(input, {}, step)), expected);
  const { scope: _scope, ...withScopes } = { ...input, scopes: [{ scope: "test_scope_1" }, { scope: "test_scope_2" }, { scope: "test_scope_3" }] };
  assert.equal(render(input.consent_url, consentTemplateVariables(withScopes, {}, step)), expected);
});

test("scopes are joined by the join strategy and override scope", () => {
  const step = { clientId: "c", redirectUri: "http://127.0.0.1/cb" };
  const scopes = [{ scope: "read" }, { scope: "chat" }, { scope: "" }];
  assert.equal(consentTemplateVariables({ scopes }, {}, step).scope_value, "read chat");
  assert.equal(consentTemplateVariables({ scopes, scopes_join_strategy: "comma" }, {}, step).scope_value, "read,chat");
  assert.equal(consentTemplateVariables({ scopes, scopes_join_strategy: "plus" }, {}, step).scope_param, "scope=read%2Bchat");
  assert.equal(consentTemplateVariables({ scope: "old_scope", scopes: [{ scope: "new_1" }, { scope: "new_2" }] }, {}, step).scope, "new_1 new_2");
  const optional = consentTemplateVariables({ optional_scopes: [{ scope: "admin:read" }, { scope: "admin:write" }] }, {}, step);
  assert.equal(optional.optional_scopes_value, "admin:read admin:write");
  assert.equal(optional.optional_scopes_param, "optional_scopes=admin%3Aread+admin%3Awrite");
});

test("variables: key names with defaults, *_param forms, secrets only in exchange steps, user inputs lose to the spec", () => {
  const consent = consentTemplateVariables({ scope_key: "scopes_x", region: "eu" }, { region: "us", subdomain: "acme", port: 8080 }, { clientId: "cid", redirectUri: "http://127.0.0.1:1/cb", state: "st" });
  assert.equal(consent.client_id_param, "client_id=cid");
  assert.equal(consent.redirect_uri_param, "redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb");
  assert.equal(consent.state_param, "state=st");
  assert.equal(consent.scope_param, "scopes_x=null");
  assert.equal(consent.client_secret_value, undefined);
  assert.equal(consent.client_secret_param, "client_secret=null");
  assert.equal(consent.region, "eu");
  assert.equal(consent.subdomain, "acme");
  assert.equal(consent.port, "8080");
  const exchange = consentTemplateVariables({ auth_code_key: "auth_code", client_secret_key: "secret" }, {}, { clientId: "cid", redirectUri: "r", clientSecret: "s3", code: "k1" });
  assert.equal(exchange.auth_code_param, "auth_code=k1");
  assert.equal(exchange.client_secret_param, "secret=s3");
  assert.equal(exchange.auth_code_value, "k1");
  assert.equal(exchange.secret, "s3");
});
