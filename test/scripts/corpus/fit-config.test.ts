import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { configFromUsage } from "../../../scripts/corpus/synthetic-config.js";
import { fitConfig } from "../../../scripts/corpus/fit-config.js";

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

  it("gives an ISO 8601 datetime to a value a template converts (timestamp(config...)), and a direct read's format wins over it", () => {
    const converting = {
      streams: [
        { incremental_sync: { type: "DatetimeBasedCursor", datetime_format: "%s", start_datetime: { datetime: "{{ timestamp(config.get('since')) | int if config.get('since') else day_delta(-730, '%s') }}" } } },
        { incremental_sync: { type: "DatetimeBasedCursor", datetime_format: "%Y-%m-%dT%H:%M:%SZ", start_datetime: { datetime: "{{ config.get('start_date') }}" } } },
        { incremental_sync: { type: "DatetimeBasedCursor", datetime_format: "%s", start_datetime: { datetime: "{{ timestamp(config.get('start_date')) | int }}" } } },
      ],
    };
    const fitted = fitConfig({ since: "x", start_date: "x" }, converting)!;
    assert.match(String(fitted.since), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.match(String(fitted.start_date), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});
