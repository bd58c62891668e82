import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

/** Two routers written as kit authors write theirs: one reading its parent itself (as source-trello), one calling super() (as source-zenloop). */
const COMPONENTS = `
from typing import Iterable

from airbyte_cdk.models import SyncMode
from airbyte_cdk.sources.declarative.partition_routers.substream_partition_router import SubstreamPartitionRouter
from airbyte_cdk.sources.types import StreamSlice


class OpenBoards(SubstreamPartitionRouter):
    def stream_slices(self) -> Iterable[StreamSlice]:
        for parent_config in self.parent_stream_configs:
            partition_field = parent_config.partition_field.eval(self.config)
            for board in parent_config.stream.read_records(sync_mode=SyncMode.full_refresh):
                if not board["closed"]:
                    yield StreamSlice(partition={partition_field: board["id"]}, cursor_slice={})


class ConfiguredOrParent(SubstreamPartitionRouter):
    def stream_slices(self) -> Iterable[StreamSlice]:
        if self.config.get("board_id"):
            yield StreamSlice(partition={"board_id": self.config["board_id"], "parent_slice": {}}, cursor_slice={})
        else:
            yield from super().stream_slices()
`;

describe("a Python SubstreamPartitionRouter subclass", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      if (req.url.pathname === "/boards") {
        const page = Number(req.url.searchParams.get("page") ?? 1);
        return { body: { data: page === 1 ? [{ id: "b1", closed: false }, { id: "b2", closed: true }] : [{ id: "b3", closed: false }], next: page === 1 ? 2 : null } };
      }
      return { body: { data: [{ id: `card-of-${req.url.searchParams.get("board") ?? req.url.pathname.split("/")[2]}` }] } };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const manifest = (className: string, requestOption?: Record<string, unknown>) => {
    const boards = streamDef({
      name: "boards", path: "/boards", fieldPath: ["data"], urlBase: api.url,
      requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } },
      paginator: {
        type: "DefaultPaginator",
        page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
        pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" },
      },
    });
    const cards = streamDef({
      name: "cards", path: requestOption ? "/cards" : "/boards/{{ stream_partition.board_id }}/cards", fieldPath: ["data"], urlBase: api.url,
      partitionRouter: {
        type: "CustomPartitionRouter",
        class_name: `source_declarative_manifest.components.${className}`,
        parent_stream_configs: [{ type: "ParentStreamConfig", stream: boards, parent_key: "id", partition_field: "board_id", ...(requestOption ? { request_option: requestOption } : {}) }],
      },
    });
    return sourceDef([boards, cards]);
  };

  it("reads the parent through Sluice's engine (its authenticator and paginator) and routes on what the class yields", async () => {
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, manifest("OpenBoards"), { config: { token: "t-1" }, stream: "cards" });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: "card-of-b1" }, { id: "card-of-b3" }]);
    const parentRequests = api.requests.slice(from).filter((r) => r.url.pathname === "/boards");
    assert.deepEqual(parentRequests.map((r) => r.url.searchParams.get("page")), [null, "2"]);
    assert.ok(parentRequests.every((r) => r.headers.authorization === "Bearer t-1"));
  });

  it("super().stream_slices() gives one partition per parent record, its request_option put on the child's requests", async () => {
    const from = api.requests.length;
    const option = { type: "RequestOption", inject_into: "request_parameter", field_name: "board" };
    const { records, error } = await readPython(dir.dir, manifest("ConfiguredOrParent", option), { config: { token: "t-1" }, stream: "cards" });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: "card-of-b1" }, { id: "card-of-b2" }, { id: "card-of-b3" }]);
    const childBoards = api.requests.slice(from).filter((r) => r.url.pathname === "/cards").map((r) => r.url.searchParams.get("board"));
    assert.deepEqual(childBoards, ["b1", "b2", "b3"]);
  });

  it("the class's own branch needs no parent read", async () => {
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, manifest("ConfiguredOrParent"), { config: { token: "t-1", board_id: "b9" }, stream: "cards" });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: "card-of-b9" }]);
    assert.equal(api.requests.slice(from).filter((r) => r.url.pathname === "/boards").length, 0);
  });

  it("a definition connected twice reads each connector's parents with its own config and HTTP client", async () => {
    const sluice = createSluice({ logLevel: "error" });
    const definition = await sluice.define({ manifest: manifest("OpenBoards"), searchFrom: dir.dir });
    const parentAuth = async (token: string) => {
      const from = api.requests.length;
      const connector = await sluice.connect({ definition, config: { token } });
      for await (const _record of connector.read("cards")) void _record;
      return [...new Set(api.requests.slice(from).filter((r) => r.url.pathname === "/boards").map((r) => r.headers.authorization))];
    };
    assert.deepEqual(await parentAuth("t-first"), ["Bearer t-first"]);
    assert.deepEqual(await parentAuth("t-second"), ["Bearer t-second"]);
  });
});
