import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chooseMethod, configNames, configReference, configReferencePath, setRefreshTokenUpdater } from "../../../builder-ui/model/auth-forms.js";
import { AUTH_METHODS, LOGIN_METHODS, methodNamed, methodOf } from "../../../builder-ui/model/auth-methods.js";
import { authWarnings, isIsoDuration } from "../../../builder-ui/model/auth-rules.js";
import { hasDeclarativeOAuth, INPUT_SPEC, setDeclarativeOAuth } from "../../../builder-ui/model/declarative-oauth.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { userInputs } from "../../../builder-ui/model/user-inputs.js";

const SCAFFOLD = `# acme
version: 6.0.0
definitions:
  authenticator:
    type: BearerAuthenticator
    api_token: "{{ config['api_key'] }}"
  requester:
    url_base: https://api.example.com # the API
    authenticator: "#/definitions/authenticator"
spec:
  type: Spec
  connection_specification:
    type: object
    required: [api_key]
    properties:
      api_key: { type: string, title: API key, airbyte_secret: true, order: 0 }
`;
const PLACE = ["definitions", "authenticator"];

describe("the authentication methods", () => {
  it("are the product's nine, in the product's order; a session login offers all but OAuth 2 and Session Token", () => {
    assert.deepEqual(
      AUTH_METHODS.map((m) => m.name),
      ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "OAuth 2", "Session Token", "Selective Authenticator", "Custom"],
    );
    assert.deepEqual(
      LOGIN_METHODS.map((m) => m.name),
      ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "Selective Authenticator", "Custom"],
    );
  });

  it("names a written authenticator by its method: absent is No auth, any Custom* is Custom, an unknown type is none", () => {
    assert.equal(methodOf(undefined)?.name, "No auth");
    assert.equal(methodOf({ type: "CustomRequestSigner", class_name: "x.Y" })?.name, "Custom");
    assert.equal(methodOf({ type: "LegacySessionTokenAuthenticator" }), undefined);
  });
});

describe("choosing a method", () => {
  it("writes the method where the authenticator is written, makes its credentials user inputs, and drops inputs nothing reads any more", () => {
    const model = chooseMethod(ManifestModel.parse(SCAFFOLD), [PLACE], methodNamed("Basic HTTP"), "acme");
    assert.deepEqual(model.valueAt(PLACE), { type: "BasicHttpAuthenticator", username: "{{ config['username'] }}", password: "{{ config['password'] }}" });
    assert.deepEqual(
      userInputs(model).map((i) => [i.name, i.secret, i.required]),
      [
        ["username", false, true],
        ["password", true, false],
      ],
    );
    assert.match(model.text, /^# acme\n/);
    assert.match(model.text, /url_base: https:\/\/api.example.com # the API\n/);
    assert.equal(model.valueAt(["definitions", "requester", "authenticator"]), "#/definitions/authenticator");
  });

  it("keeps an input the rest of the manifest still reads", () => {
    const text = SCAFFOLD.replace("url_base: https://api.example.com", "url_base: \"https://api.example.com/{{ config['api_key'] }}\"");
    const model = chooseMethod(ManifestModel.parse(text), [PLACE], methodNamed("No auth"), "acme");
    assert.deepEqual(model.valueAt(PLACE), { type: "NoAuth" });
    assert.deepEqual(
      userInputs(model).map((i) => i.name),
      ["api_key"],
    );
  });

  it("a session token's login body credentials become inputs, the password secret", () => {
    const model = chooseMethod(ManifestModel.parse(SCAFFOLD), [PLACE], methodNamed("Session Token"), "acme");
    assert.deepEqual(
      userInputs(model).map((i) => [i.name, i.secret]),
      [
        ["username", false],
        ["password", true],
      ],
    );
  });

  it("Custom names a class in the connector's package", () => {
    const model = chooseMethod(ManifestModel.parse(SCAFFOLD), [PLACE], methodNamed("Custom"), "acme");
    assert.deepEqual(model.valueAt(PLACE), { type: "CustomAuthenticator", class_name: "source_acme.components.CustomAuthenticator" });
  });

  it("the Refresh Token Updater writes back into the form's inputs, and adds the initial access token and its expiry", () => {
    let model = chooseMethod(ManifestModel.parse(SCAFFOLD), [PLACE], methodNamed("OAuth 2"), "acme");
    model = setRefreshTokenUpdater(model, PLACE, true);
    assert.deepEqual(model.valueAt([...PLACE, "refresh_token_updater"]), {
      refresh_token_name: "refresh_token",
      refresh_token_config_path: ["client_refresh_token"],
      access_token_config_path: ["oauth_access_token"],
      token_expiry_date_config_path: ["oauth_token_expiry_date"],
    });
    assert.equal(model.valueAt([...PLACE, "access_token_value"]), "{{ config['oauth_access_token'] }}");
    assert.ok(userInputs(model).some((i) => i.name === "oauth_token_expiry_date" && !i.secret));
    assert.equal(setRefreshTokenUpdater(model, PLACE, false).kindAt([...PLACE, "refresh_token_updater"]), "absent");
  });
});

describe("user input references", () => {
  it("reads the input a value is exactly a reference to, in each spelling", () => {
    assert.equal(configReference("{{ config['api_key'] }}"), "api_key");
    assert.equal(configReference('{{config["api_key"]}}'), "api_key");
    assert.equal(configReference("{{ config.api_key }}"), "api_key");
    assert.equal(configReference("Bearer {{ config['api_key'] }}"), undefined);
    assert.equal(configReference("sk_live_123"), undefined);
  });

  it("finds every input a component's templates read", () => {
    assert.deepEqual([...configNames({ a: "{{ config['x'] }}/{{ config.y }}", b: ['{{ config["z"] }}'] })], ["x", "y", "z"]);
  });
});

describe("the Builder's authentication rules", () => {
  it("one method for all streams", () => {
    const warnings = authWarnings([{ type: "BearerAuthenticator" }, { type: "ApiKeyAuthenticator" }], ["users", "orders"], {});
    assert.equal(warnings[0]?.key, "method");
    assert.match(warnings[0]!.message, /users: Bearer Token; orders: API Key/);
    assert.deepEqual(authWarnings([{ type: "NoAuth" }, { type: "NoAuth" }], ["a", "b"], {}), []);
  });

  it("the Refresh Token Updater needs an initial access token and its expiry among the testing values", () => {
    const auth = { type: "OAuthAuthenticator", refresh_token_updater: {}, access_token_value: "{{ config['at'] }}", token_expiry_date: "{{ config['exp'] }}" };
    assert.deepEqual(
      authWarnings([auth], ["s"], { at: "x" }).map((w) => w.key),
      ["token_expiry_date"],
    );
    assert.deepEqual(authWarnings([auth], ["s"], { at: "x", exp: "2020-01-01T00:00:00Z" }), []);
    assert.deepEqual(
      authWarnings([{ type: "OAuthAuthenticator", refresh_token_updater: {} }], ["s"], {}).map((w) => w.key),
      ["access_token_value", "token_expiry_date"],
    );
  });

  it("the Refresh Token Updater's inputs may be nested (config['credentials']['access_token']): found at their path, the warning names it", () => {
    const auth = { type: "OAuthAuthenticator", refresh_token_updater: {}, access_token_value: "{{ config['credentials']['access_token'] }}", token_expiry_date: "{{ config.credentials.token_expiry_date }}" };
    const warnings = authWarnings([auth], ["s"], { credentials: { access_token: "x" } });
    assert.deepEqual(
      warnings.map((w) => [w.key, w.input]),
      [["token_expiry_date", "credentials.token_expiry_date"]],
    );
    assert.deepEqual(authWarnings([auth], ["s"], { credentials: { access_token: "x", token_expiry_date: "2020-01-01T00:00:00Z" } }), []);
    assert.deepEqual(configReferencePath(`{{ config["a"].b['c'] }}`), ["a", "b", "c"]);
    assert.equal(configReferencePath("{{ config['a'] ~ 'x' }}"), undefined);
    assert.equal(configReference("{{ config['credentials']['access_token'] }}"), undefined, "one level only, as the forms' credential fields need");
  });

  it("a session login's authentication is neither OAuth 2 nor Session Token; durations are ISO 8601", () => {
    const session = { type: "SessionTokenAuthenticator", login_requester: { authenticator: { type: "OAuthAuthenticator" } }, expiration_duration: "1h" };
    assert.deepEqual(
      authWarnings([session], ["s"], {}).map((w) => w.key),
      ["login_requester.authenticator", "expiration_duration"],
    );
    for (const ok of ["PT1H", "P1D", "PT30M", "P1DT12H", "PT0.5S", "{{ config['ttl'] }}"]) assert.ok(isIsoDuration(ok), ok);
    for (const bad of ["1h", "P", "PT", "3600", "P1H"]) assert.ok(!isIsoDuration(bad), bad);
  });
});

describe("OAuth 2's declarative variant", () => {
  it("the toggle writes spec.advanced_auth whose outputs land in the legacy form's inputs, and removes it when off", () => {
    const on = setDeclarativeOAuth(ManifestModel.parse(SCAFFOLD), true);
    assert.ok(hasDeclarativeOAuth(on));
    const outputs = on.valueAt(["spec", "advanced_auth", "oauth_config_specification", "complete_oauth_output_specification", "properties"]) as Record<string, { path_in_connector_config: string[] }>;
    assert.deepEqual(outputs.refresh_token!.path_in_connector_config, ["client_refresh_token"]);
    assert.match(String(on.valueAt([...INPUT_SPEC, "consent_url"])), /\{\{ client_id_param \}\}/);
    assert.equal(setDeclarativeOAuth(on, true), on, "a written consent is kept");
    const off = setDeclarativeOAuth(on, false);
    assert.equal(off.kindAt(["spec", "advanced_auth"]), "absent");
    assert.deepEqual(off.valueAt(["spec", "connection_specification"]), ManifestModel.parse(SCAFFOLD).valueAt(["spec", "connection_specification"]));
  });
});
