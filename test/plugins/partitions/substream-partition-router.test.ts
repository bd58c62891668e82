import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { type Reply, type SeenRequest, useLoopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { readPartitioned } from "../../support/read-stream.js";

// A Trello-like API: workspaces -> boards -> cards; some records lack the key.
const WORKSPACES = [{ id: "w1" }, { id: "w2" }];
const BOARDS: Record<string, Record<string, unknown>[]> = {
  w1: [{ id: "b1", name: "Roadmap", prefs: { color: "blue" } }, { name: "no id here" }, { id: "b2", name: "Bugs" }],
  w2: [{ id: null, name: "null id" }, { id: "b3", name: "Ops", prefs: { color: "red" } }],
};

function route(req: SeenRequest): Reply {
  const path = req.url.pathname;
  if (path === "/workspaces") return { body: WORKSPACES };
  const boards = path.match(/^\/workspaces\/([^/]+)\/boards$/);
  if (boards) return { body: BOARDS[boards[1]!] ?? [] };
  const cards = path.match(/^\/boards\/([^/]*)\/cards$/);
  if (cards) return { body: [{ id: `card-of-${cards[1]}`, board_query: req.url.searchParams.get("board") }] };
  return { status: 404, body: { path } };
}

describe("SubstreamPartitionRouter", () => {
  const api = useLoopback(route);
  const since = () => {
    const sent = api.since();
    return () => sent().map((r) => r.url.pathname + r.url.search);
  };
  const boardsOf = (workspace: string) => streamDef({ name: "boards", urlBase: api.url, path: `/workspaces/${workspace}/boards` });
  const cards = (parentConfigs: unknown[], extra: { transformations?: unknown[] } = {}) =>
    streamDef({
      name: "cards",
      urlBase: api.url,
      path: "/boards/{{ stream_partition.board_id }}/cards",
      partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: parentConfigs },
      ...extra,
    });

  it("skips a parent record without parent_key with one warning, and keeps a null value as the kit does", async () => {
    const seen = since();
    const manifest = sourceDef([cards([{ stream: boardsOf("w1"), parent_key: "id", partition_field: "board_id" }, { stream: boardsOf("w2"), parent_key: "id", partition_field: "board_id" }])]);
    const { records, error, warnings } = await readPartitioned(manifest, "cards");
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), ["card-of-b1", "card-of-b2", "card-of-None", "card-of-b3"]);
    assert.deepEqual(seen(), ["/workspaces/w1/boards", "/boards/b1/cards", "/boards/b2/cards", "/workspaces/w2/boards", "/boards/None/cards", "/boards/b3/cards"]);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!.message, /Parent stream 'boards': a record without 'id' skipped/);
    assert.doesNotMatch(warnings[0]!.message, /no id here/);
  });

  it("injects the parent value through request_option, but not a null one", async () => {
    const manifest = sourceDef([
      cards([{ stream: boardsOf("w2"), parent_key: "id", partition_field: "board_id", request_option: { inject_into: "request_parameter", field_name: "board" } }]),
    ]);
    const { records } = await readPartitioned(manifest, "cards");
    assert.deepEqual(records.map((r) => r.board_query), [null, "b3"]);
  });

  it("reads a nested parent_key (a/b), and extra_fields (a missing one is None) into stream_slice.extra_fields", async () => {
    const manifest = sourceDef([
      cards(
        [{ type: "ParentStreamConfig", stream: boardsOf("w1"), parent_key: "prefs/color", partition_field: "board_id", extra_fields: [["name"], ["prefs", "color"], ["closed"]] }],
        {
          transformations: [
            {
              type: "AddFields",
              fields: [
                { path: ["board_name"], value: "{{ stream_slice.extra_fields['name'] }}" },
                { path: ["extra"], value: "{{ stream_slice.extra_fields }}" },
              ],
            },
          ],
        },
      ),
    ]);
    const seen = since();
    const { records, error } = await readPartitioned(manifest, "cards");
    assert.equal(error, undefined);
    assert.deepEqual(seen(), ["/workspaces/w1/boards", "/boards/blue/cards"]);
    assert.deepEqual(records.map((r) => [r.board_name, r.extra]), [["Roadmap", { name: "Roadmap", "prefs.color": "blue", closed: null }]]);
  });

  it("nests parent_slice: a grandchild's partition carries its parent's partition", async () => {
    const boards = streamDef({
      name: "boards",
      urlBase: api.url,
      path: "/workspaces/{{ stream_partition.workspace_id }}/boards",
      partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ stream: streamDef({ name: "workspaces", urlBase: api.url, path: "/workspaces" }), parent_key: "id", partition_field: "workspace_id" }] },
    });
    const manifest = sourceDef([
      cards([{ stream: boards, parent_key: "id", partition_field: "board_id" }], {
        transformations: [
          { type: "AddFields", fields: [{ path: ["workspace"], value: "{{ stream_partition['parent_slice']['workspace_id'] }}" }, { path: ["slice"], value: "{{ stream_slice }}" }] },
        ],
      }),
    ]);
    const { records, error } = await readPartitioned(manifest, "cards");
    assert.equal(error, undefined);
    assert.deepEqual(
      records.map((r) => [r.id, r.workspace]),
      [["card-of-b1", "w1"], ["card-of-b2", "w1"], ["card-of-None", "w2"], ["card-of-b3", "w2"]],
    );
    assert.deepEqual(records[0]!.slice, { board_id: "b1", parent_slice: { workspace_id: "w1", parent_slice: {} } });
  });

  it("builds parent_stream_configs items, their stream and request_option without a type (the kit's defaults)", async () => {
    const parent = streamDef({ name: "boards", urlBase: api.url, path: "/workspaces/w1/boards" });
    delete parent.type;
    const manifest = sourceDef([cards([{ stream: parent, parent_key: "id", partition_field: "board_id", request_option: { inject_into: "request_parameter", field_name: "board" } }])]);
    const { records, error } = await readPartitioned(manifest, "cards");
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.board_query), ["b1", "b2"]);
  });

  it("refuses an empty parent_stream_configs before any request", async () => {
    const seen = since();
    const { error } = await readPartitioned(sourceDef([cards([])]), "cards");
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "MANIFEST_INVALID");
    assert.match(error.describe(), /parent_stream_configs/);
    assert.deepEqual(seen(), []);
  });

  it("stops reading the parent when the child's read is stopped", async () => {
    const seen = since();
    const manifest = sourceDef([cards([{ stream: boardsOf("w1"), parent_key: "id", partition_field: "board_id" }])]);
    const { createSluice } = await import("../../../core/index.js");
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest, config: {} });
    for await (const record of connector.read("cards")) {
      assert.equal(record.id, "card-of-b1");
      break;
    }
    assert.deepEqual(seen(), ["/workspaces/w1/boards", "/boards/b1/cards"]);
  });
});
