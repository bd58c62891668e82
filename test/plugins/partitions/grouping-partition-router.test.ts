import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError, makeSlice, sliceExtraFields } from "../../../sdk/index.js";
import { GroupingPartitionRouter } from "../../../plugins/partitions/grouping-partition-router.js";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { readPartitioned } from "../../support/read-stream.js";

// A Monday.com-like API: /boards lists boards; /items?ids=1,2,3 answers the items of several boards at once.
const BOARDS = [{ id: 1 }, { id: 2 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }];
function route(req: SeenRequest) {
  if (req.url.pathname === "/boards") return { body: BOARDS };
  const ids = req.url.searchParams.get("ids") ?? "";
  return { body: ids.split(",").map((id) => ({ id: `item-of-${id}`, ids })) };
}

describe("GroupingPartitionRouter", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(route);
  });
  after(() => api.close());

  const items = (router: Record<string, unknown>) =>
    streamDef({
      name: "items",
      urlBase: api.url,
      path: "/items",
      requester: { request_parameters: { ids: "{{ stream_partition.board_ids | join(',') }}" } },
      partitionRouter: { type: "GroupingPartitionRouter", ...router },
    });
  const boards = () => streamDef({ name: "boards", urlBase: api.url, path: "/boards" });

  it("groups a substream's parent ids, group_size per request, skipping a repeated id", async () => {
    const start = api.requests.length;
    const manifest = sourceDef([
      items({ group_size: 2, underlying_partition_router: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: boards(), parent_key: "id", partition_field: "board_ids" }] } }),
    ]);
    const { records, error } = await readPartitioned(manifest, "items");
    assert.equal(error, undefined, String(error));
    const calls = api.requests.slice(start).map((r) => r.url.pathname + r.url.search);
    assert.deepEqual(calls, ["/boards", "/items?ids=1%2C2", "/items?ids=3%2C4", "/items?ids=5"]);
    assert.deepEqual(records.map((r) => r.id), ["item-of-1", "item-of-2", "item-of-3", "item-of-4", "item-of-5"]);
  });

  it("keeps repeated values with deduplicate: false, and groups a list router's values", async () => {
    const start = api.requests.length;
    const manifest = sourceDef([items({ group_size: 3, deduplicate: false, underlying_partition_router: { type: "ListPartitionRouter", values: ["a", "b", "a", "c"], cursor_field: "board_ids" } })]);
    const { error } = await readPartitioned(manifest, "items");
    assert.equal(error, undefined, String(error));
    assert.deepEqual(api.requests.slice(start).map((r) => r.url.searchParams.get("ids")), ["a,b,a", "c"]);
  });

  it("a partition of several keys is a clear error; parent_slice and extra fields become lists", async () => {
    const slicer = (partitions: Array<[Record<string, unknown>, Record<string, unknown>]>) => ({
      async *slices() {
        for (const [partition, extra] of partitions) yield makeSlice(partition, {}, extra);
      },
      applyToRequest() {},
    });
    const twoKeys = new GroupingPartitionRouter({ underlying: slicer([[{ a: 1, b: 2 }, {}]]), groupSize: 2, deduplicate: true, path: "streams[0].retriever.partition_router" });
    await assert.rejects(async () => {
      for await (const _ of twoKeys.slices()) void _;
    }, (error: unknown) => error instanceof SluiceError && error.code === "PARTITION_GROUP_KEYS" && /"a","b"/.test(error.describe()));
    const substream = new GroupingPartitionRouter({
      underlying: slicer([[{ id: 1, parent_slice: { w: "x" } }, { name: "one" }], [{ id: 2, parent_slice: { w: "y" } }, {}]]),
      groupSize: 5,
      deduplicate: true,
      path: "p",
    });
    const slices = [];
    for await (const slice of substream.slices()) slices.push(slice);
    assert.deepEqual(slices, [{ id: [1, 2], parent_slice: [{ w: "x" }, { w: "y" }] }]);
    assert.deepEqual(sliceExtraFields(slices[0]!), { name: ["one", null] });
  });
});
