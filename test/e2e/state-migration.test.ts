import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { LegacyToPerPartitionStateMigration } from "../../plugins/incremental/legacy-to-per-partition-state-migration.js";
import { startLoopback, type Loopback, type SeenRequest } from "../support/loopback.js";

// A Mailchimp-like API: GET /lists lists the audiences; GET /lists/<id>/members?since_last_changed= lists the members changed since.
const MEMBERS: Record<string, Array<{ id: string; last_changed: string }>> = {
  l1: [{ id: "m1", last_changed: "2024-05-01T08:00:00Z" }, { id: "m2", last_changed: "2024-05-01T12:00:00Z" }],
  l2: [{ id: "m3", last_changed: "2024-05-01T10:00:00Z" }],
};

function api(req: SeenRequest) {
  if (req.url.pathname === "/lists") return { body: { lists: [{ id: "l1" }, { id: "l2" }] } };
  const list = req.url.pathname.split("/")[2] ?? "";
  const since = req.url.searchParams.get("since_last_changed") ?? "";
  return { body: { members: (MEMBERS[list] ?? []).filter((m) => m.last_changed >= since) } };
}

function manifest(url: string, migrations: unknown[]): Record<string, unknown> {
  const schema = { type: "InlineSchemaLoader", schema: { type: "object" } };
  const lists = { type: "DeclarativeStream", name: "lists", primary_key: "id", schema_loader: schema, retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: url, path: "/lists" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["lists"] } } } };
  const members = {
    type: "DeclarativeStream",
    name: "list_members",
    primary_key: "id",
    schema_loader: schema,
    incremental_sync: {
      type: "DatetimeBasedCursor",
      cursor_field: "last_changed",
      datetime_format: "%Y-%m-%dT%H:%M:%SZ",
      start_datetime: "2024-01-01T00:00:00Z",
      end_datetime: "2024-05-02T00:00:00Z",
      start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "since_last_changed" },
    },
    retriever: {
      type: "SimpleRetriever",
      requester: { type: "HttpRequester", url_base: url, path: "/lists/{{ stream_partition.id }}/members" },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["members"] } },
      partition_router: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: lists, parent_key: "id", partition_field: "id" }] },
    },
    state_migrations: migrations,
  };
  return { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["lists"] }, streams: [lists, members] };
}

describe("LegacyToPerPartitionStateMigration", () => {
  let server: Loopback;
  before(async () => {
    server = await startLoopback(api);
  });
  after(() => server.close());

  async function read(state: Record<string, unknown>, migrations: unknown[]) {
    const start = server.requests.length;
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(server.url, migrations), config: {} });
    const states: Array<Record<string, unknown>> = [];
    for await (const _ of connector.read("list_members", { state, onState: (s) => void states.push(JSON.parse(JSON.stringify(s))) })) void _;
    const since = server.requests.slice(start).filter((r) => r.url.pathname.endsWith("/members")).map((r) => `${r.url.pathname.split("/")[2]} ${r.url.searchParams.get("since_last_changed")}`);
    return { since, state: states.at(-1)! };
  }

  // Mailchimp's old per-list state: list id -> { last_changed }.
  const legacy = { l1: { last_changed: "2024-05-01T09:00:00Z" }, l2: { last_changed: "2024-05-01T11:00:00Z" } };

  it("resumes each partition from the old connector's per-partition state, and writes the new format", async () => {
    const { since, state } = await read(legacy, [{ type: "LegacyToPerPartitionStateMigration" }]);
    assert.deepEqual(since, ["l1 2024-05-01T09:00:00Z", "l2 2024-05-01T11:00:00Z"]);
    const partitions = (state.states as Array<{ partition: Record<string, unknown>; cursor: Record<string, unknown> }>).map((s) => [s.partition, s.cursor]);
    assert.deepEqual(partitions, [
      [{ id: "l1", parent_slice: {} }, { last_changed: "2024-05-01T12:00:00Z" }],
      [{ id: "l2", parent_slice: {} }, { last_changed: "2024-05-01T11:00:00Z" }],
    ]);
  });

  it("without the migration the old state is not understood and each list starts at start_datetime", async () => {
    const { since } = await read(legacy, []);
    assert.deepEqual(since, ["l1 2024-01-01T00:00:00Z", "l2 2024-01-01T00:00:00Z"]);
  });

  it("migrates only the old shape: the new format, other keys, or a second cursor field are left alone", () => {
    const migration = new LegacyToPerPartitionStateMigration();
    const context = { partitionFields: ["id"], cursorField: "last_changed" };
    assert.equal(migration.shouldMigrate(legacy, context), true);
    assert.deepEqual(migration.migrate(legacy, context), { states: [{ partition: { id: "l1" }, cursor: legacy.l1 }, { partition: { id: "l2" }, cursor: legacy.l2 }] });
    assert.equal(migration.shouldMigrate({ states: [] }, context), false);
    assert.equal(migration.shouldMigrate({ l1: { updated_at: "x" } }, context), false);
    assert.equal(migration.shouldMigrate({ l1: { last_changed: "x", other: 1 } }, context), false);
    assert.equal(migration.shouldMigrate({ last_changed: "2024-01-01T00:00:00Z" }, context), false);
    assert.equal(migration.shouldMigrate({}, context), false);
    assert.equal(migration.shouldMigrate(legacy, { partitionFields: ["id", "other"], cursorField: "last_changed" }), false);
  });
});
