import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback, type SeenRequest } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// An API listing events with an increasing integer id, from `since_id` on (inclusive).
const EVENTS = [3, 5, 8, 13].map((id) => ({ id, name: `event ${id}` }));
function route(req: SeenRequest) {
  const since = Number(req.url.searchParams.get("since_id") ?? "0");
  return { body: { data: EVENTS.filter((e) => e.id >= since) } };
}

describe("IncrementingCountCursor", () => {
  const api = useLoopback(route);
  const manifest = (cursor: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const m = incrementalManifest({ urlBase: api.url, path: "/events", cursor: {}, ...extra });
    const stream = (m.streams as Array<Record<string, unknown>>)[0]!;
    stream.incremental_sync = { type: "IncrementingCountCursor", cursor_field: "id", start_value_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "since_id" }, ...cursor };
    return m;
  };
  const now = "2025-06-01T00:00:00Z";

  it("sends start_value from the config, and saves the highest id read as {cursor_field: value}", async () => {
    const sent = api.since();
    const read = await readIncremental(manifest({ start_value: "{{ config['start_id'] }}" }), { config: { start_id: 4 }, now });
    assert.equal(read.error, undefined, String(read.error));
    assert.deepEqual(sent().map((r) => r.url.searchParams.get("since_id")), ["4"]);
    assert.deepEqual(read.records.map((r) => r.id), [5, 8, 13]);
    assert.deepEqual(read.states.at(-1), { id: 13 });
  });

  it("starts from the saved value when it is above start_value; records are not filtered", async () => {
    const sent = api.since();
    const read = await readIncremental(manifest({ start_value: 0 }), { state: { id: 8 }, now });
    assert.equal(read.error, undefined, String(read.error));
    assert.deepEqual(sent().map((r) => r.url.searchParams.get("since_id")), ["8"]);
    assert.deepEqual(read.records.map((r) => r.id), [8, 13]);
    assert.deepEqual(read.states.at(-1), { id: 13 });
  });

  it("keeps start_value when the saved value is below it, and defaults start_value to 0", async () => {
    const below = api.since();
    await readIncremental(manifest({ start_value: 6 }), { state: { id: 2 }, now });
    assert.deepEqual(below().map((r) => r.url.searchParams.get("since_id")), ["6"]);
    const none = api.since();
    const read = await readIncremental(manifest({}), { now });
    assert.deepEqual(none().map((r) => r.url.searchParams.get("since_id")), ["0"]);
    assert.deepEqual(read.states.at(-1), { id: 13 });
  });

  it("with no record read, the state is the start value", async () => {
    const read = await readIncremental(manifest({ start_value: 100 }), { now });
    assert.equal(read.records.length, 0);
    assert.deepEqual(read.states.at(-1), { id: 100 });
  });

  it("a start_value that is not an integer is a clear error before any request", async () => {
    const sent = api.since();
    const read = await readIncremental(manifest({ start_value: "{{ config['start_id'] }}" }), { config: { start_id: "abc" }, now });
    assert.ok(read.error instanceof SluiceError);
    assert.equal(read.error.code, "INCREMENTAL_COUNT_START_INVALID");
    assert.match(read.error.message, /abc/);
    assert.equal(sent().length, 0);
  });

  it("is refused beside a partition router, as the kit refuses it", async () => {
    const read = await readIncremental(manifest({}, { retriever: { partition_router: { type: "ListPartitionRouter", values: ["a"], cursor_field: "k" } } }), { now });
    assert.ok(read.error instanceof SluiceError);
    assert.equal(read.error.code, "INCREMENTAL_COUNT_WITH_PARTITIONS");
    assert.match(read.error.message, /stream events/);
  });
});
