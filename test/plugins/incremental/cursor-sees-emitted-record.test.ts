import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// A coingecko-like API: the history of a day carries no date of its own (or an older one), so the
// manifest writes the window's date into the record with AddFields.
function handler(req: SeenRequest) {
  if (req.url.pathname === "/history") return { body: { data: [{ id: req.url.searchParams.get("date"), date: "2020-01-01" }] } };
  if (req.url.pathname.startsWith("/boards/")) {
    const board = req.url.pathname.split("/")[2];
    return { body: { items: [{ id: `${board}-old`, updated_at: "2023-06-01" }] } };
  }
  return { status: 404, body: {} };
}

describe("the cursor sees each record as the stream emits it (the kit's order)", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(handler);
  });
  after(() => api.close());

  it("moves the state to the date AddFields writes into the cursor field, one state per closed window", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/history",
      cursor: {
        cursor_field: "date",
        datetime_format: "%d-%m-%Y",
        start_datetime: "01-07-2025",
        step: "P1D",
        cursor_granularity: "P1D",
        start_time_option: { inject_into: "request_parameter", field_name: "date" },
      },
    });
    const stream = (manifest.streams as Array<Record<string, unknown>>)[0]!;
    stream.transformations = [{ type: "AddFields", fields: [{ path: ["date"], value: "{{ stream_slice.start_time }}" }] }];
    const read = await readIncremental(manifest, { now: "2025-07-03T12:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(read.records.map((r) => r.date), ["01-07-2025", "02-07-2025", "03-07-2025"]);
    // Before, the API's raw 2020 date was observed and the state stayed at the start. The first window's
    // state names the start itself, which Sluice does not emit again (docs/compatibility.md).
    assert.deepEqual(read.states, [{ date: "02-07-2025" }, { date: "03-07-2025" }]);
  });

  it("never lets a record the client-side filter dropped reach the cursor: no global state is written for it", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board }}/items",
      fieldPath: ["items"],
      retriever: { partition_router: { type: "ListPartitionRouter", values: ["a", "b"], cursor_field: "board" } },
      cursor: { cursor_field: "updated_at", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", is_client_side_incremental: true },
    });
    const read = await readIncremental(manifest, { now: "2024-01-10T00:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(read.records, []);
    const final = read.states.at(-1)!;
    assert.equal("state" in final, false, `no global state: ${JSON.stringify(final)}`);
    assert.equal(final.lookback_window, 0);
  });
});
