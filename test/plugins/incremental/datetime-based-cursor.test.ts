import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type SeenRequest, useLoopback } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

const EPOCH = (iso: string) => Date.parse(iso) / 1000;

// Stripe: GET /v1/events?created[gte]=<epoch s>&created[lte]=<epoch s>, {"data": [...]} with `created` in epoch seconds.
const STRIPE_EVENTS = [
  { id: "evt_1", created: EPOCH("2024-01-01T01:00:00Z") },
  { id: "evt_2", created: EPOCH("2024-01-02T10:00:00Z") },
  { id: "evt_3", created: EPOCH("2024-01-03T05:00:00Z") },
  { id: "evt_4", created: EPOCH("2024-01-03T20:00:00Z") },
];

function stripe(req: SeenRequest) {
  const gte = Number(req.url.searchParams.get("created[gte]"));
  const lte = Number(req.url.searchParams.get("created[lte]"));
  return { body: { object: "list", data: STRIPE_EVENTS.filter((e) => e.created >= gte && e.created <= lte), has_more: false } };
}

describe("DatetimeBasedCursor on a Stripe-style events API (epoch seconds, created[gte]/created[lte])", () => {
  const api = useLoopback(stripe);
  const since = () => {
    const sent = api.since();
    return () => sent().map((r) => [r.url.searchParams.get("created[gte]"), r.url.searchParams.get("created[lte]")]);
  };
  const manifest = (extra: Record<string, unknown> = {}) =>
    incrementalManifest({
      urlBase: api.url,
      path: "/v1/events",
      cursor: {
        cursor_field: "created",
        datetime_format: "%s",
        start_datetime: { type: "MinMaxDatetime", datetime: "{{ config['start_date'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" },
        step: "P1D",
        cursor_granularity: "PT1S",
        start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "created[gte]" },
        end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "created[lte]" },
        ...extra,
      },
    });

  it("reads one-day windows from the start to now, each ending a second before the next, the last ending at now", async () => {
    const seen = since();
    const read = await readIncremental(manifest(), { config: { start_date: "2024-01-01T00:00:00Z" }, now: "2024-01-03T12:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(seen(), [
      [String(EPOCH("2024-01-01T00:00:00Z")), String(EPOCH("2024-01-01T23:59:59Z"))],
      [String(EPOCH("2024-01-02T00:00:00Z")), String(EPOCH("2024-01-02T23:59:59Z"))],
      [String(EPOCH("2024-01-03T00:00:00Z")), String(EPOCH("2024-01-03T12:00:00Z"))],
    ]);
    assert.deepEqual(read.records.map((r) => r.id), ["evt_1", "evt_2", "evt_3"]);
  });

  it("gives the state after every window that moved it, as text in datetime_format, and not again at the end of the stream", async () => {
    const read = await readIncremental(manifest(), { config: { start_date: "2024-01-01T00:00:00Z" }, now: "2024-01-03T12:00:00Z" });
    const created = (id: string) => String(STRIPE_EVENTS.find((e) => e.id === id)!.created);
    assert.deepEqual(read.states, [{ created: created("evt_1") }, { created: created("evt_2") }, { created: created("evt_3") }]);
  });

  it("starts the next sync at the saved cursor, not at the start date", async () => {
    const seen = since();
    const saved = { created: String(EPOCH("2024-01-03T05:00:00Z")) };
    const read = await readIncremental(manifest(), { config: { start_date: "2024-01-01T00:00:00Z" }, state: saved, now: "2024-01-04T00:00:00Z" });
    assert.deepEqual(seen(), [[String(EPOCH("2024-01-03T05:00:00Z")), String(EPOCH("2024-01-04T00:00:00Z"))]]);
    assert.deepEqual(read.records.map((r) => r.id), ["evt_3", "evt_4"]);
    assert.deepEqual(read.states.at(-1), { created: String(EPOCH("2024-01-03T20:00:00Z")) });
  });

  it("ignores a saved cursor older than the start date", async () => {
    const seen = since();
    await readIncremental(manifest(), { config: { start_date: "2024-01-03T00:00:00Z" }, state: { created: "0" }, now: "2024-01-03T06:00:00Z" });
    assert.deepEqual(seen(), [[String(EPOCH("2024-01-03T00:00:00Z")), String(EPOCH("2024-01-03T06:00:00Z"))]]);
  });

  it("keeps the other keys of a saved state and writes the start as the cursor when no record was read", async () => {
    const read = await readIncremental(manifest(), { config: { start_date: "2023-06-01T00:00:00Z" }, state: { created: String(EPOCH("2023-06-01T00:00:00Z")), note: "kept" }, now: "2023-06-01T10:00:00Z" });
    assert.deepEqual(read.records, []);
    assert.deepEqual(read.states, [{ created: String(EPOCH("2023-06-01T00:00:00Z")), note: "kept" }], "once: the window moved nothing, the end of the stream gives it");
  });

  it("makes no request when the saved cursor is now, and still gives the state once", async () => {
    const seen = since();
    const now = "2024-01-03T12:00:00Z";
    const read = await readIncremental(manifest(), { config: { start_date: "2024-01-01T00:00:00Z" }, state: { created: String(EPOCH(now)) }, now });
    assert.deepEqual(seen(), []);
    assert.deepEqual(read.states, [{ created: String(EPOCH(now)) }]);
  });

  it("reads a state in the kit's concurrent format, filling the gap between its ranges before going on from the last", async () => {
    const seen = since();
    const e = (iso: string) => String(EPOCH(iso));
    const state = {
      state_type: "date-range",
      slices: [
        { start: e("2024-01-01T00:00:00Z"), end: e("2024-01-01T23:59:59Z"), most_recent_cursor_value: e("2024-01-01T01:00:00Z") },
        { start: e("2024-01-03T00:00:00Z"), end: e("2024-01-03T06:00:00Z") },
      ],
    };
    const read = await readIncremental(manifest(), { config: { start_date: "2024-01-01T00:00:00Z" }, state, now: "2024-01-03T12:00:00Z" });
    assert.deepEqual(seen(), [
      [e("2024-01-02T00:00:00Z"), e("2024-01-02T23:59:59Z")],
      [e("2024-01-03T06:00:00Z"), e("2024-01-03T12:00:00Z")],
    ]);
    // evt_3 (Jan 3, 05:00) lies in a range the state says was read; the cursor is the latest value read in the ranges.
    assert.deepEqual(read.records.map((r) => r.id), ["evt_2"]);
    assert.deepEqual(read.states.at(-1), { created: e("2024-01-02T10:00:00Z") });
  });

  it("stops the window at end_datetime, and keeps start_datetime above min_datetime", async () => {
    const seen = since();
    const cursor = {
      start_datetime: { type: "MinMaxDatetime", datetime: "2023-01-01T00:00:00Z", min_datetime: "{{ config['start_date'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" },
      end_datetime: { datetime: "{{ config['end_date'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" },
      step: "P7D",
    };
    await readIncremental(manifest(cursor), { config: { start_date: "2024-01-02T00:00:00Z", end_date: "2024-01-02T06:00:00Z" }, now: "2024-06-01T00:00:00Z" });
    assert.deepEqual(seen(), [[String(EPOCH("2024-01-02T00:00:00Z")), String(EPOCH("2024-01-02T06:00:00Z"))]]);
  });
});
