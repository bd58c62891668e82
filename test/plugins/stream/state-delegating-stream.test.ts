import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { useLoopback } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "../incremental/support.js";

describe("StateDelegatingStream", () => {
  const api = useLoopback((req) => {
    if (req.url.pathname === "/orders") return { body: { data: [{ id: 1, updated_at: "2024-01-02T00:00:00Z" }, { id: 2, updated_at: "2024-01-03T00:00:00Z" }] } };
    if (req.url.pathname === "/orders/changes") return { body: { data: [{ id: 2, updated_at: "2024-01-05T00:00:00Z", since: req.url.searchParams.get("since") }] } };
    return { status: 404, body: {} };
  });

  const manifest = () => {
    const incremental = incrementalManifest({
      name: "orders",
      urlBase: api.url,
      path: "/orders/changes",
      cursor: {
        cursor_field: "updated_at",
        datetime_format: "%Y-%m-%dT%H:%M:%SZ",
        start_datetime: "2024-01-01T00:00:00Z",
        start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "since" },
      },
    });
    const incrementalStream = (incremental.streams as Record<string, unknown>[])[0]!;
    const fullStream = { ...incrementalStream, incremental_sync: undefined, retriever: { ...(incrementalStream.retriever as Record<string, unknown>), requester: { type: "HttpRequester", url_base: api.url, path: "/orders", http_method: "GET" } } };
    delete fullStream.incremental_sync;
    return { ...incremental, streams: [{ type: "StateDelegatingStream", name: "orders", full_refresh_stream: fullStream, incremental_stream: incrementalStream }] };
  };

  it("reads the full-refresh stream when there is no state", async () => {
    const seen = api.since();
    const read = await readIncremental(manifest(), { stream: "orders", now: "2024-01-10T00:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(seen().map((r) => r.url.pathname), ["/orders"]);
    assert.deepEqual(read.records.map((r) => r.id), [1, 2]);
    assert.deepEqual(read.states, [{ __ab_no_cursor_state_message: true }], "the next sync must find state and go incremental");
  });

  it("reads the incremental stream from the saved state when there is one, and emits its new state", async () => {
    const seen = api.since();
    const read = await readIncremental(manifest(), { stream: "orders", now: "2024-01-10T00:00:00Z", state: { updated_at: "2024-01-04T00:00:00Z" } });
    assert.equal(read.error, undefined);
    assert.deepEqual(seen().map((r) => r.url.pathname), ["/orders/changes"]);
    assert.equal(read.records[0]!.since, "2024-01-04T00:00:00Z");
    assert.deepEqual(read.states.at(-1), { updated_at: "2024-01-05T00:00:00Z" });
  });
});
