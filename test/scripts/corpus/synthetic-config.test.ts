import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv } from "ajv";
import { configVariants, syntheticConfig, usageConfigVariants } from "../../../scripts/corpus/synthetic-config.js";
import { samplePattern } from "../../../scripts/corpus/pattern-sample.js";

function assertValid(spec: Record<string, unknown>, config: unknown): void {
  const validate = new Ajv({ strict: false, allowUnionTypes: true, logger: false }).compile(spec);
  assert.ok(validate(config), JSON.stringify(validate.errors));
}

test("fills only required fields, each with a value of its type", () => {
  const spec = {
    type: "object",
    required: ["api_key", "count", "ratio", "flag", "tags"],
    properties: {
      api_key: { type: "string", airbyte_secret: true },
      count: { type: "integer", minimum: 10 },
      ratio: { type: "number" },
      flag: { type: "boolean" },
      tags: { type: "array", items: { type: "string" }, minItems: 2 },
      optional: { type: "string" },
    },
  };
  const config = syntheticConfig(spec);
  assert.deepEqual(config, { api_key: "x", count: 10, ratio: 1, flag: true, tags: ["x", "x"] });
  assertValid(spec, config);
});

test("uses dates for format date and date-time, and const, default and first enum value", () => {
  const spec = {
    type: "object",
    required: ["start", "at", "region", "kind", "size"],
    properties: {
      start: { type: "string", format: "date" },
      at: { type: "string", format: "date-time" },
      region: { type: "string", enum: ["eu", "us"] },
      kind: { const: "oauth" },
      size: { type: "integer", default: 250 },
    },
  };
  assert.deepEqual(syntheticConfig(spec), { start: "2024-01-01", at: "2024-01-01T00:00:00Z", region: "eu", kind: "oauth", size: 250 });
});

test("a string with a pattern gets a value that matches it", () => {
  const spec = {
    type: "object",
    required: ["start_date", "token", "key"],
    properties: {
      start_date: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$" },
      token: { type: "string", pattern: "^(sandbox|live)_.+$" },
      key: { type: "string", pattern: "^[0-9]{8}T[0-9]{6}Z$" },
    },
  };
  const config = syntheticConfig(spec);
  assert.equal(config.start_date, "2024-01-01T00:00:00Z");
  assertValid(spec, config);
});

/** Two ways to authenticate: the shape most corpus specs have. */
const credentialsSpec = {
  type: "object",
  required: ["credentials"],
  properties: {
    credentials: {
      type: "object",
      oneOf: [
        { type: "object", required: ["auth_type", "client_id"], properties: { auth_type: { const: "oauth2" }, client_id: { type: "string" } } },
        { type: "object", required: ["auth_type", "api_key"], properties: { auth_type: { const: "key" }, api_key: { type: "string" } } },
      ],
    },
  },
};

test("oneOf picks the first branch and fills its required fields, nested objects too", () => {
  const spec = credentialsSpec;
  const config = syntheticConfig(spec);
  assert.deepEqual(config, { credentials: { auth_type: "oauth2", client_id: "x" } });
  assertValid(spec, config);
});

test("a nullable type list uses its non-null type; a missing spec gives an empty config", () => {
  assert.deepEqual(syntheticConfig({ type: "object", required: ["n"], properties: { n: { type: ["null", "integer"] } } }), { n: 1 });
  assert.deepEqual(syntheticConfig(undefined), {});
});

test("pattern samples match their pattern or are undefined", () => {
  assert.equal(samplePattern("^(sandbox|live)_.+$"), "sandbox_x");
  assert.equal(samplePattern("^[\\w-]+:[\\w]+$"), "x:x");
  assert.equal(samplePattern("^(?=x)a"), undefined);
});

test("configVariants picks each oneOf option in turn, then fills the optional fields too", () => {
  const spec = { ...credentialsSpec, properties: { ...credentialsSpec.properties, region: { type: "string", enum: ["eu", "us"] } } };
  assert.deepEqual(configVariants(spec), [
    { credentials: { auth_type: "oauth2", client_id: "x" } },
    { credentials: { auth_type: "key", api_key: "x" } },
    { credentials: { auth_type: "oauth2", client_id: "x" }, region: "eu" },
    { credentials: { auth_type: "key", api_key: "x" }, region: "eu" },
  ]);
});

test("configVariants does not take a schema written as a oneOf's default for a value", () => {
  const region = { type: "object", oneOf: [{ type: "object", properties: { url_base: { const: "https://eu.example.com" } }, required: ["url_base"] }], default: { type: "object", properties: {} } };
  assert.deepEqual(configVariants({ type: "object", required: ["region"], properties: { region } })[0], { region: { url_base: "https://eu.example.com" } });
});

test("usageConfigVariants gives a manifest without a spec one config per option of its SelectiveAuthenticator", () => {
  const manifest = {
    requester: {
      url_base: "https://api.example.com/{{ config['account'] }}",
      authenticator: {
        type: "SelectiveAuthenticator",
        authenticator_selection_path: ["credentials", "auth_type"],
        authenticators: { "oauth2.0": { type: "BearerAuthenticator", api_token: "{{ config['credentials']['access_token'] }}" }, apikey: "#/definitions/basic" },
      },
    },
  };
  assert.deepEqual(usageConfigVariants(manifest), [
    { account: "x", credentials: { access_token: "x", auth_type: "oauth2.0" } },
    { account: "x", credentials: { access_token: "x", auth_type: "apikey" } },
  ]);
  assert.deepEqual(usageConfigVariants({ path: "/{{ config.account }}" }), [{ account: "x" }]);
});
