import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { authenticatorConfigPaths, secretPathsOf, specSecretPaths, templateConfigPaths } from "../../../core/sources/secret-paths.js";

const schema = {
  type: "object",
  properties: {
    base_url: { type: "string" },
    credentials: {
      type: "object",
      oneOf: [
        { title: "OAuth", properties: { auth_type: { const: "oauth" }, client_id: { type: "string" }, client_secret: { type: "string", airbyte_secret: true }, tokens: { oneOf: [{ properties: { refresh_token: { airbyte_secret: true } } }] } } },
        { title: "Token", properties: { auth_type: { const: "token" }, api_token: { type: "string", airbyte_secret: true } } },
      ],
    },
    accounts: { type: "array", items: { type: "object", properties: { id: { type: "string" }, key: { type: "string", airbyte_secret: true } } } },
    service_account: { type: "object", airbyte_secret: true },
  },
};

describe("secret field paths", () => {
  it("finds airbyte_secret fields inside oneOf branches at any depth, list items and whole secret objects", () => {
    const config = {
      base_url: "https://api.example.com",
      credentials: { auth_type: "oauth", client_id: "id", client_secret: "cs", tokens: { refresh_token: "rt" } },
      accounts: [{ id: "a", key: "k1" }, { id: "b", key: "k2" }],
      service_account: { private_key: "pk", email: "e" },
    };
    assert.deepEqual(specSecretPaths(schema, config), [
      ["credentials", "client_secret"],
      ["credentials", "tokens", "refresh_token"],
      ["accounts", 0, "key"],
      ["accounts", 1, "key"],
      ["service_account"],
    ]);
  });

  it("reports only the secret fields the config holds (the branch the user chose)", () => {
    assert.deepEqual(specSecretPaths(schema, { credentials: { auth_type: "token", api_token: "t" } }), [["credentials", "api_token"]]);
  });

  it("reads the config lookups of a template in every form the kit accepts", () => {
    assert.deepEqual(templateConfigPaths("{{ config['credentials']['api_key'] }}"), [["credentials", "api_key"]]);
    assert.deepEqual(templateConfigPaths('Bearer {{ config["token"] }} {{ config.credentials.secret }}'), [["token"], ["credentials", "secret"]]);
    assert.deepEqual(templateConfigPaths("{{ config.get('api_key') }}"), [["api_key"]]);
    assert.deepEqual(templateConfigPaths("{{ config['endpoint'].replace('x', 'y') }} {{ config.region.upper() }}"), [["endpoint"], ["region"]]);
  });

  it("counts what authenticators read and write, but not the addresses they call", () => {
    const manifest = {
      definitions: {
        requester: {
          url_base: "{{ config['base_url'] }}",
          authenticator: {
            type: "OAuthAuthenticator",
            token_refresh_endpoint: "https://{{ config['subdomain'] }}.example.com/token",
            client_secret: "{{ config['credentials']['client_secret'] }}",
            refresh_token_updater: { access_token_config_path: ["credentials", "access_token"], token_expiry_date_config_path: ["credentials", "token_expiry_date"] },
          },
        },
        other: { type: "ApiKeyAuthenticator", api_token: "{{ config.api_key }}" },
      },
      spec: { advanced_auth: { oauth_config_specification: { complete_oauth_output_specification: { properties: { refresh_token: { path_in_connector_config: ["credentials", "refresh_token"] } } } } } },
    };
    assert.deepEqual(authenticatorConfigPaths(manifest), [
      ["credentials", "client_secret"],
      ["credentials", "access_token"],
      ["credentials", "token_expiry_date"],
      ["api_key"],
      ["credentials", "refresh_token"],
    ]);
  });

  it("merges spec, authenticator and known paths, keeping those the config holds", () => {
    const config = { api_key: "k", credentials: { auth_type: "token", api_token: "t" }, extra: "x" };
    const manifest = { authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}" } };
    assert.deepEqual(secretPathsOf(config, { schema, manifest, known: [["extra"], ["gone"], ["api_key"]] }), [["credentials", "api_token"], ["api_key"], ["extra"]]);
  });
});
