/**
 * The per-partition state of a substream as the Python kit writes it (issue "Same records as the kit",
 * items 3 and 4; seen in leadfeeder, snapchat and a minimal substream manifest): no global `state` key
 * and `lookback_window` kept until a record with a readable cursor value is seen, and `parent_state: {}`
 * whenever the router reads parent streams.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type Reply, type SeenRequest } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

/** What /boards/b1/items answers, per test. */
let items: Record<string, unknown>[] = [];
/** The parent's first answer is a 503 with Retry-After: 3, so the read takes 3 s on the fake clock. */
let parentFailsOnce = false;

function route(req: SeenRequest): Reply {
  if (req.url.pathname === "/boards") {
    if (parentFailsOnce) {
      parentFailsOnce = false;
      return { status: 503, headers: { "Retry-After": "3" }, body: {} };
    }
    return { body: { data: [{ id: "b1" }] } };
  }
  return { body: { data: items } };
}

describe("the state of a substream with an incremental cursor", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(route);
  });
  after(() => api.close());

  const cursor = { cursor_field: "updated_at", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01" };
  const substream = () =>
    incrementalManifest({
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board_id }}/items",
      cursor,
      retriever: {
        partition_router: {
          type: "SubstreamPartitionRouter",
          parent_stream_configs: [{
            type: "ParentStreamConfig",
            parent_key: "id",
            partition_field: "board_id",
            stream: {
              type: "DeclarativeStream",
              name: "boards",
              retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: api.url, path: "/boards" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } } },
            },
          }],
        },
      },
    });

  async function finalState(manifest: Record<string, unknown>, state?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const read = await readIncremental(manifest, { now: "2024-01-03T00:00:00Z", state });
    assert.equal(read.error, undefined, String(read.error));
    return read.states.at(-1)!;
  }

  it("writes no global state and keeps lookback_window at 0 when no record carried a cursor value", async () => {
    items = [{ id: 1 }, { id: 2, updated_at: null }];
    parentFailsOnce = true;
    const state = await finalState(substream());
    assert.equal("state" in state, false, JSON.stringify(state));
    assert.equal(state.lookback_window, 0);
    assert.deepEqual(state.parent_state, {});
  });

  it("writes the global state and the sync's duration as lookback_window once a record had a readable cursor value", async () => {
    items = [{ id: 1, updated_at: "2024-01-02" }];
    parentFailsOnce = true;
    const state = await finalState(substream());
    assert.deepEqual(state.state, { updated_at: "2024-01-02" });
    assert.equal(state.lookback_window, 3);
    assert.deepEqual(state.parent_state, {});
  });

  it("keeps a saved global state and lookback_window when this read saw no cursor value", async () => {
    items = [{ id: 1 }];
    const saved = { use_global_cursor: false, states: [], state: { updated_at: "2024-01-01" }, lookback_window: 12 };
    const state = await finalState(substream(), saved);
    assert.deepEqual(state.state, { updated_at: "2024-01-01" });
    assert.equal(state.lookback_window, 12);
  });

  it("writes no parent_state for a router without parent streams (ListPartitionRouter)", async () => {
    items = [{ id: 1, updated_at: "2024-01-02" }];
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board_id }}/items",
      cursor,
      retriever: { partition_router: { type: "ListPartitionRouter", values: ["b1"], cursor_field: "board_id" } },
    });
    const state = await finalState(manifest);
    assert.equal("parent_state" in state, false);
  });
});
