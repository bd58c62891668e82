import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type SeenRequest, useLoopback } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// Mixpanel's export API: GET /export?from_date=YYYY-MM-DD&to_date=YYYY-MM-DD (both days included).
// Zendesk-style tickets: GET /tickets?updated_after=<ISO>, `updated_at` as ISO text with fractions.
const TICKETS = [
  { id: 1, updated_at: "2024-01-04T12:00:00.250Z" },
  { id: 2, updated_at: "2024-01-05T08:30:00.000Z" },
];

function handler(req: SeenRequest) {
  if (req.url.pathname === "/export") return { body: { data: [{ id: `${req.url.searchParams.get("from_date")}`, day: req.url.searchParams.get("from_date") }] } };
  if (req.url.pathname === "/tickets") return { body: { tickets: TICKETS.filter((t) => t.updated_at >= (req.url.searchParams.get("updated_after") ?? "")) } };
  return { status: 404, body: {} };
}

describe("DatetimeBasedCursor windows, formats and lookback", () => {
  const api = useLoopback(handler);
  const since = () => {
    const sent = api.since();
    return () => sent().map((r) => r.url.search);
  };

  const mixpanel = (extra: Record<string, unknown> = {}) =>
    incrementalManifest({
      urlBase: api.url,
      path: "/export",
      cursor: {
        cursor_field: "day",
        datetime_format: "%Y-%m-%d",
        start_datetime: "{{ config['start_date'] }}",
        step: "P1D",
        cursor_granularity: "P1D",
        start_time_option: { inject_into: "request_parameter", field_name: "from_date" },
        end_time_option: { inject_into: "request_parameter", field_name: "to_date" },
        ...extra,
      },
    });

  it("reads Mixpanel-style day windows with from_date/to_date, one day each", async () => {
    const seen = since();
    const read = await readIncremental(mixpanel(), { config: { start_date: "2024-01-01" }, now: "2024-01-03T12:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(seen(), ["?from_date=2024-01-01&to_date=2024-01-01", "?from_date=2024-01-02&to_date=2024-01-02", "?from_date=2024-01-03&to_date=2024-01-03"]);
    assert.deepEqual(read.states.at(-1), { day: "2024-01-03" });
  });

  it("lets request_parameters read the window as stream_interval", async () => {
    const seen = since();
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/export",
      requester: { request_parameters: { where: "day >= {{ stream_interval.start_time }} and day <= {{ stream_interval['end_time'] }}" } },
      cursor: { cursor_field: "day", datetime_format: "%Y-%m-%d", start_datetime: "2024-02-01" },
    });
    await readIncremental(manifest, { now: "2024-02-03T00:00:00Z" });
    assert.deepEqual(seen(), [`?${new URLSearchParams({ where: "day >= 2024-02-01 and day <= 2024-02-03" })}`]);
  });

  it("cuts calendar months with step P1M, clamping a window's end to the month's length", async () => {
    const seen = since();
    await readIncremental(mixpanel({ step: "P1M" }), { config: { start_date: "2024-01-31" }, now: "2024-04-15T00:00:00Z" });
    assert.deepEqual(seen(), [
      "?from_date=2024-01-31&to_date=2024-02-28",
      "?from_date=2024-02-29&to_date=2024-03-28",
      "?from_date=2024-03-29&to_date=2024-04-15",
    ]);
  });

  it("rounds windows to whole months with clamping: MONTH", async () => {
    const seen = since();
    await readIncremental(mixpanel({ step: "P1M", clamping: { target: "MONTH" } }), { config: { start_date: "2024-01-01" }, now: "2024-03-15T00:00:00Z" });
    assert.deepEqual(seen(), ["?from_date=2024-01-01&to_date=2024-01-31", "?from_date=2024-02-01&to_date=2024-02-29"]);
  });

  const zendesk = (extra: Record<string, unknown> = {}) =>
    incrementalManifest({
      urlBase: api.url,
      path: "/tickets",
      fieldPath: ["tickets"],
      cursor: {
        cursor_field: "updated_at",
        datetime_format: "%Y-%m-%dT%H:%M:%SZ",
        cursor_datetime_formats: ["%Y-%m-%dT%H:%M:%S.%fZ"],
        start_datetime: "2024-01-01T00:00:00Z",
        start_time_option: { inject_into: "request_parameter", field_name: "updated_after" },
        ...extra,
      },
    });

  it("reads record values in cursor_datetime_formats and writes the state in datetime_format", async () => {
    const read = await readIncremental(zendesk(), { now: "2024-01-06T00:00:00Z" });
    assert.deepEqual(read.records.map((r) => r.id), [1, 2]);
    assert.deepEqual(read.states, [{ updated_at: "2024-01-05T08:30:00Z" }], "once: the end of the stream moved nothing more");
  });

  it("re-reads the lookback_window before the saved cursor, without moving the state back", async () => {
    const seen = since();
    const read = await readIncremental(zendesk({ lookback_window: "P1D" }), { state: { updated_at: "2024-01-05T09:00:00Z" }, now: "2024-01-06T00:00:00Z" });
    assert.deepEqual(seen(), [`?${new URLSearchParams({ updated_after: "2024-01-04T09:00:00Z" })}`]);
    // Both tickets come again (the first was updated inside the lookback window); neither is later than the saved cursor.
    assert.deepEqual(read.records.map((r) => r.id), [1, 2]);
    assert.deepEqual(read.states.at(-1), { updated_at: "2024-01-05T09:00:00Z" });
  });

  it("evaluates step and lookback_window from the config", async () => {
    const seen = since();
    await readIncremental(mixpanel({ step: "P{{ config['days'] }}D", lookback_window: "{{ config['lookback'] }}" }), {
      config: { start_date: "2024-01-01", days: 2, lookback: "P3D" },
      state: { day: "2024-01-10" },
      now: "2024-01-12T00:00:00Z",
    });
    assert.deepEqual(seen(), ["?from_date=2024-01-07&to_date=2024-01-08", "?from_date=2024-01-09&to_date=2024-01-10", "?from_date=2024-01-11&to_date=2024-01-12"]);
  });
});
