import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { FakeClock } from "../../support/fake-clock.js";
import { incrementalManifest, readIncremental } from "./support.js";

// Each request takes 300 ms of the test's clock: a read of two partitions lasts 0.6 s.
const clock = new FakeClock(Date.parse("2024-03-10T12:00:00Z"));

function handler(req: SeenRequest) {
  clock.advance(300);
  const board = req.url.pathname.split("/")[2];
  return { body: { items: [{ id: `${board}-1`, updated_at: "2024-03-10T08:00:00Z" }] } };
}

describe("lookback_window of a partitioned incremental stream, as the kit", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(handler);
  });
  after(() => api.close());

  const manifest = () =>
    incrementalManifest({
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board }}/items",
      fieldPath: ["items"],
      retriever: { partition_router: { type: "ListPartitionRouter", values: ["a", "new"], cursor_field: "board" } },
      cursor: {
        cursor_field: "updated_at",
        datetime_format: "%Y-%m-%dT%H:%M:%SZ",
        start_datetime: "2024-01-01T00:00:00Z",
        start_time_option: { inject_into: "request_parameter", field_name: "since" },
      },
    });

  it("starts a partition new to the saved state from the global cursor less the saved lookback_window seconds", async () => {
    const state = {
      use_global_cursor: false,
      states: [{ partition: { board: "a" }, cursor: { updated_at: "2024-03-09T00:00:00Z" } }],
      state: { updated_at: "2024-03-09T00:00:00Z" },
      lookback_window: 3600,
    };
    const start = api.requests.length;
    const read = await readIncremental(manifest(), { state, now: "2024-03-10T12:00:00Z" });
    assert.equal(read.error, undefined);
    const since = Object.fromEntries(api.requests.slice(start).map((r) => [r.url.pathname.split("/")[2], r.url.searchParams.get("since")]));
    assert.deepEqual(since, { a: "2024-03-09T00:00:00Z", new: "2024-03-08T23:00:00Z" });
  });

  it("writes the sync's duration rounded up to whole seconds (a read under a second is 1, not 0)", async () => {
    const read = await readIncremental(manifest(), { now: "2024-03-10T12:00:00Z", clock });
    assert.equal(read.error, undefined);
    assert.equal(read.states.at(-1)!.lookback_window, 1);
  });
});

describe("a partition given twice", () => {
  it("is read once by a partitioned incremental stream, with one warning, as the kit", async () => {
    const api = await startLoopback((req) => (req.url.pathname === "/boards" ? { body: { data: [{ id: "b1" }, { id: "b1" }, { id: "b2" }] } } : handler(req)));
    try {
      const manifest = incrementalManifest({
        urlBase: api.url,
        path: "/boards/{{ stream_partition.board }}/items",
        fieldPath: ["items"],
        retriever: {
          partition_router: {
            type: "SubstreamPartitionRouter",
            parent_stream_configs: [{ type: "ParentStreamConfig", parent_key: "id", partition_field: "board", stream: { type: "DeclarativeStream", name: "boards", retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: api.url, path: "/boards" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } } } } }],
          },
        },
        cursor: { cursor_field: "updated_at", datetime_format: "%Y-%m-%dT%H:%M:%SZ", start_datetime: "2024-01-01T00:00:00Z" },
      });
      const read = await readIncremental(manifest, { now: "2024-03-10T12:00:00Z" });
      assert.equal(read.error, undefined);
      assert.deepEqual(api.requests.filter((r) => r.url.pathname !== "/boards").map((r) => r.url.pathname), ["/boards/b1/items", "/boards/b2/items"]);
      assert.equal(read.warnings.filter((w) => w.includes("Partition duplication detected for stream events")).length, 1);
    } finally {
      await api.close();
    }
  });
});
