import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// An API without a date filter (Harvest-like full lists): every call returns every project.
const PROJECTS = [
  { id: "old", updated_at: "2024-01-01T00:00:00Z" },
  { id: "at-state", updated_at: "2024-01-02T00:00:00Z" },
  { id: "new", updated_at: "2024-01-03T00:00:00Z" },
  { id: "future", updated_at: "2024-02-01T00:00:00Z" },
  { id: "no-cursor" },
];

function handler(req: SeenRequest) {
  if (req.url.pathname === "/projects") return { body: { projects: PROJECTS } };
  if (req.url.pathname.startsWith("/boards/")) {
    const board = req.url.pathname.split("/")[2];
    return { body: { items: [{ id: `${board}-1`, changed: req.url.searchParams.get("since") }] } };
  }
  return { status: 404, body: {} };
}

describe("DatetimeBasedCursor record filtering, partitions and errors", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(handler);
  });
  after(() => api.close());

  const projects = (extra: Record<string, unknown> = {}) =>
    incrementalManifest({
      urlBase: api.url,
      path: "/projects",
      fieldPath: ["projects"],
      cursor: { cursor_field: "updated_at", datetime_format: "%Y-%m-%dT%H:%M:%SZ", start_datetime: "2023-01-01T00:00:00Z", ...extra },
    });

  it("emits every record, whatever its cursor value, when the API does the filtering", async () => {
    const read = await readIncremental(projects(), { state: { updated_at: "2024-01-02T00:00:00Z" }, now: "2024-01-10T00:00:00Z" });
    assert.deepEqual(read.records.map((r) => r.id), ["old", "at-state", "new", "future", "no-cursor"]);
    // The highest value read counts, even one later than now, as in the kit.
    assert.deepEqual(read.states.at(-1), { updated_at: "2024-02-01T00:00:00Z" });
  });

  it("drops records before the saved cursor or after now with is_client_side_incremental, keeping both bounds and records without a cursor", async () => {
    const read = await readIncremental(projects({ is_client_side_incremental: true }), { state: { updated_at: "2024-01-02T00:00:00Z" }, now: "2024-01-10T00:00:00Z" });
    assert.deepEqual(read.records.map((r) => r.id), ["at-state", "new", "no-cursor"]);
    assert.deepEqual(read.states.at(-1), { updated_at: "2024-01-03T00:00:00Z" });
    assert.equal(read.warnings.length, 1);
    assert.match(read.warnings[0]!, /Could not find cursor field `updated_at`/);
  });

  it("filters a data feed (is_data_feed) the same way", async () => {
    const read = await readIncremental(projects({ is_data_feed: true }), { state: { updated_at: "2024-01-02T00:00:00Z" }, now: "2024-01-10T00:00:00Z" });
    assert.deepEqual(read.records.map((r) => r.id), ["at-state", "new", "no-cursor"]);
  });

  it("with global_substream_cursor, reads the same windows for every partition and moves the one state at the end of the read", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board }}/items",
      fieldPath: ["items"],
      retriever: { partition_router: { type: "ListPartitionRouter", values: ["a", "b"], cursor_field: "board" } },
      cursor: {
        cursor_field: "changed",
        datetime_format: "%Y-%m-%d",
        start_datetime: "2024-01-01",
        step: "P1D",
        cursor_granularity: "P1D",
        start_time_option: { inject_into: "request_parameter", field_name: "since" },
        global_substream_cursor: true,
      },
    });
    const start = api.requests.length;
    const read = await readIncremental(manifest, { now: "2024-01-02T10:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(api.requests.slice(start).map((r) => r.url.pathname + r.url.search), [
      "/boards/a/items?since=2024-01-01",
      "/boards/a/items?since=2024-01-02",
      "/boards/b/items?since=2024-01-01",
      "/boards/b/items?since=2024-01-02",
    ]);
    // The state moves only when every partition has read the windows (the end of the read); a slice
    // whose close moved nothing emits no state.
    assert.deepEqual(read.states, [{ changed: "2024-01-02" }]);
  });

  async function failure(manifest: Record<string, unknown>, state?: Record<string, unknown>): Promise<SluiceError> {
    const read = await readIncremental(manifest, { state, now: "2024-01-10T00:00:00Z", config: { start_date: "not a date" } });
    assert.ok(read.error instanceof SluiceError, String(read.error));
    return read.error;
  }

  it("refuses a step without cursor_granularity when the connector is built", async () => {
    const error = await failure(projects({ step: "P1D" }));
    assert.equal(error.code, "INCREMENTAL_STEP_WITHOUT_GRANULARITY");
    assert.match(error.where.manifestPath ?? "", /incremental_sync\.cursor_granularity$/);
  });

  it("refuses a step that is not an ISO 8601 duration", async () => {
    const error = await failure(projects({ step: "1 day", cursor_granularity: "PT1S" }));
    assert.equal(error.code, "INCREMENTAL_DURATION_INVALID");
    assert.equal(error.found, '"1 day"');
  });

  it("names the field and the format when the start date does not match it", async () => {
    const error = await failure(projects({ start_datetime: "{{ config['start_date'] }}" }));
    assert.equal(error.code, "INCREMENTAL_DATETIME_INVALID");
    assert.match(error.message, /'not a date' does not match the datetime format '%Y-%m-%dT%H:%M:%SZ'/);
  });

  it("names the cursor field when the saved state cannot be read", async () => {
    const error = await failure(projects(), { updated_at: "yesterday" });
    assert.equal(error.code, "INCREMENTAL_STATE_INVALID");
    assert.match(error.message, /"yesterday" of 'updated_at'/);
  });
});
