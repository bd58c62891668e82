import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { configFromUsage, configVariants } from "../../../scripts/corpus/synthetic-config.js";
import { fitConfig } from "../../../scripts/corpus/fit-config.js";

const spec = {
  type: "object",
  required: ["credentials"],
  properties: {
    credentials: {
      type: "object",
      oneOf: [
        { type: "object", required: ["auth_type", "api_key"], properties: { auth_type: { const: "api_key" }, api_key: { type: "string" } } },
        { type: "object", required: ["auth_type", "client_id"], properties: { auth_type: { const: "oauth" }, client_id: { type: "string" } } },
      ],
    },
    region: { type: "string", enum: ["eu", "us"] },
  },
};

describe("configVariants", () => {
  it("picks each oneOf option in turn, then fills the optional fields too", () => {
    const variants = configVariants(spec);
    assert.deepEqual(variants, [
      { credentials: { auth_type: "api_key", api_key: "x" } },
      { credentials: { auth_type: "oauth", client_id: "x" } },
      { credentials: { auth_type: "api_key", api_key: "x" }, region: "eu" },
      { credentials: { auth_type: "oauth", client_id: "x" }, region: "eu" },
    ]);
  });

  it("does not take a schema written as a oneOf's default for a value", () => {
    const region = { type: "object", oneOf: [{ type: "object", properties: { url_base: { const: "https://eu.example.com" } }, required: ["url_base"] }], default: { type: "object", properties: {} } };
    assert.deepEqual(configVariants({ type: "object", required: ["region"], properties: { region } })[0], { region: { url_base: "https://eu.example.com" } });
  });
});

describe("configFromUsage and fitConfig", () => {
  const manifest = {
    streams: [
      {
        retriever: { requester: { url_base: "{{ config['domain'].rstrip('/') }}/api", path: "/{{ config.account }}/items" } },
        incremental_sync: { type: "DatetimeBasedCursor", datetime_format: "%Y-%m-%d", start_datetime: "{{ config['start'] }}", end_datetime: { type: "MinMaxDatetime", datetime: "{{ config.end }}", datetime_format: "%s" } },
      },
    ],
  };

  it("guesses a config from the names a spec-less manifest's templates read", () => {
    assert.deepEqual(configFromUsage(manifest), { domain: "x", account: "x", start: "x", end: "x" });
  });

  it("gives a full URL where a url_base starts with a config value, and datetimes in each cursor's format", () => {
    const spec = { type: "object", properties: { end: { type: "integer" } } };
    const fitted = fitConfig(configFromUsage(manifest), manifest, spec)!;
    assert.equal(fitted.domain, "https://api.example.com");
    assert.equal(fitted.account, "x");
    assert.match(String(fitted.start), /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(typeof fitted.end, "number", "an epoch the spec types as integer is a number");
    assert.ok((fitted.end as number) > Date.parse(`${String(fitted.start)}T00:00:00Z`) / 1000, "the end comes after the start");
  });
});
