import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { partitionKey } from "../../../plugins/incremental/per-partition-cursor.js";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// A board API filtering by day (Trello/Monday-like): GET /boards/<id>/items?since=<day>&until=<day>.
const ITEMS: Record<string, Array<{ id: string; changed: string }>> = {
  a: [{ id: "a1", changed: "2024-01-01" }, { id: "a3", changed: "2024-01-03" }],
  b: [{ id: "b2", changed: "2024-01-02" }],
  c: [{ id: "c1", changed: "2024-01-01" }],
};

function boards(req: SeenRequest) {
  const board = req.url.pathname.split("/")[2] ?? "";
  const since = req.url.searchParams.get("since") ?? "";
  const until = req.url.searchParams.get("until") ?? "";
  return { body: { items: (ITEMS[board] ?? []).filter((i) => i.changed >= since && i.changed <= until) } };
}

const NOW = "2024-01-03T10:00:00Z";

describe("per-partition state of a partitioned DatetimeBasedCursor stream", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(boards);
  });
  after(() => api.close());

  function manifest(values: string[] = ["a", "b"], extra: Record<string, unknown> = {}): Record<string, unknown> {
    return incrementalManifest({
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board }}/items",
      fieldPath: ["items"],
      retriever: { partition_router: { type: "ListPartitionRouter", values, cursor_field: "board" } },
      cursor: {
        cursor_field: "changed",
        datetime_format: "%Y-%m-%d",
        start_datetime: "2024-01-01",
        step: "P1D",
        cursor_granularity: "P1D",
        start_time_option: { inject_into: "request_parameter", field_name: "since" },
        end_time_option: { inject_into: "request_parameter", field_name: "until" },
        ...extra,
      },
    });
  }

  async function read(state?: Record<string, unknown>, values?: string[], extra?: Record<string, unknown>) {
    const first = api.requests.length;
    const result = await readIncremental(manifest(values, extra), { state, now: NOW });
    assert.equal(result.error, undefined, String(result.error));
    const requests = api.requests.slice(first).map((r) => `${r.url.pathname.split("/")[2]}:${r.url.searchParams.get("since")}`);
    return { ...result, requests };
  }

  it("moves each partition's cursor after each of its slices, and the global cursor at the end", async () => {
    const { records, states, requests } = await read();
    assert.deepEqual(requests, ["a:2024-01-01", "a:2024-01-02", "a:2024-01-03", "b:2024-01-01", "b:2024-01-02", "b:2024-01-03"]);
    assert.deepEqual(records.map((r) => r.id), ["a1", "a3", "b2"]);
    const cursors = states.map((s) => (s.states as Array<{ cursor: Record<string, unknown> }>).map((p) => p.cursor.changed));
    // A state only when a slice's close moved it (a's window of 01-02 found nothing newer), and the
    // global cursor once more at the end.
    assert.deepEqual(cursors, [
      ["2024-01-01"],
      ["2024-01-03"],
      ["2024-01-03", "2024-01-01"],
      ["2024-01-03", "2024-01-02"],
      ["2024-01-03", "2024-01-02"],
    ]);
    // No global cursor until the first read has ended; then the highest of the partitions.
    assert.equal(states[3]!.state, undefined);
    assert.deepEqual(states.at(-1), {
      use_global_cursor: false,
      states: [
        { partition: { board: "a" }, cursor: { changed: "2024-01-03" } },
        { partition: { board: "b" }, cursor: { changed: "2024-01-02" } },
      ],
      state: { changed: "2024-01-03" },
      lookback_window: 0,
    });
  });

  it("resumes each partition from its own cursor in a state of the kit's per-partition shape", async () => {
    const saved = {
      use_global_cursor: false,
      states: [
        { partition: { board: "a" }, cursor: { changed: "2024-01-03" } },
        { partition: { board: "b" }, cursor: { changed: "2024-01-02" } },
      ],
      state: { changed: "2024-01-02" },
      lookback_window: 4,
    };
    const { requests, states } = await read(saved);
    assert.deepEqual(requests, ["a:2024-01-03", "b:2024-01-02", "b:2024-01-03"]);
    // No window found anything newer than its partition's saved cursor: one state, at the end, with
    // the global cursor moved and the lookback the seconds this sync took.
    assert.equal(states.length, 1);
    assert.deepEqual(states.at(-1)!.state, { changed: "2024-01-03" });
    assert.equal(states.at(-1)!.lookback_window, 0);
  });

  it("starts every partition from a global-only state (Sluice's single-cursor shape)", async () => {
    const { requests, states } = await read({ changed: "2024-01-02" });
    assert.deepEqual(requests, ["a:2024-01-02", "a:2024-01-03", "b:2024-01-02", "b:2024-01-03"]);
    assert.deepEqual(states[0], { use_global_cursor: false, states: [{ partition: { board: "a" }, cursor: { changed: "2024-01-02" } }], state: { changed: "2024-01-02" }, lookback_window: 0 });
  });

  it("starts every partition from the global cursor of a kit state without per-partition entries", async () => {
    const { requests } = await read({ state: { changed: "2024-01-03" }, lookback_window: 0 });
    assert.deepEqual(requests, ["a:2024-01-03", "b:2024-01-03"]);
  });

  it("starts a partition missing from the state at the configured start, and keeps saved partitions this read does not reach", async () => {
    const saved = { states: [{ partition: { board: "a" }, cursor: { changed: "2024-01-03" } }, { partition: { board: "gone" }, cursor: { changed: "2023-12-01" } }] };
    const { requests, states, records } = await read(saved, ["a", "c"]);
    assert.deepEqual(requests, ["a:2024-01-03", "c:2024-01-01", "c:2024-01-02", "c:2024-01-03"]);
    assert.deepEqual(records.map((r) => r.id), ["a3", "c1"]);
    assert.deepEqual(states.at(-1)!.states, [
      { partition: { board: "a" }, cursor: { changed: "2024-01-03" } },
      { partition: { board: "gone" }, cursor: { changed: "2023-12-01" } },
      { partition: { board: "c" }, cursor: { changed: "2024-01-01" } },
    ]);
    // Only the partitions read in this sync move the global cursor.
    assert.deepEqual(states.at(-1)!.state, { changed: "2024-01-03" });
  });

  it("with global_substream_cursor, starts every partition from the global state of the kit's global-cursor shape", async () => {
    const { requests, states } = await read({ use_global_cursor: true, state: { changed: "2024-01-03" }, lookback_window: 2 }, ["a", "b"], { global_substream_cursor: true });
    assert.deepEqual(requests, ["a:2024-01-03", "b:2024-01-03"]);
    assert.deepEqual(states.at(-1), { changed: "2024-01-03" });
  });

  it("keys partitions by their JSON with sorted keys, at every depth", () => {
    assert.equal(partitionKey({ b: 1, a: { d: 2, c: [{ f: 1, e: 2 }] } }), partitionKey({ a: { c: [{ e: 2, f: 1 }], d: 2 }, b: 1 }));
    assert.notEqual(partitionKey({ a: 1 }), partitionKey({ a: "1" }));
  });
});
