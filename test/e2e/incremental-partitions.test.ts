import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { startLoopback, type Loopback, type SeenRequest } from "../support/loopback.js";

// A Jira/GitLab-like API: GET /projects lists the projects; GET /projects/<id>/issues?updated_since=&updated_until=
// lists a project's issues changed in the window. Project p3 appears after the first sync.
const ISSUES: Record<string, Array<{ id: string; updated_at: string }>> = {
  p1: [{ id: "i1", updated_at: "2024-05-01T08:00:00Z" }, { id: "i2", updated_at: "2024-05-02T09:00:00Z" }],
  p2: [{ id: "i3", updated_at: "2024-05-01T10:00:00Z" }],
  p3: [{ id: "i4", updated_at: "2024-05-01T11:00:00Z" }],
};
let projects = ["p1", "p2"];

function api(req: SeenRequest) {
  if (req.url.pathname === "/projects") return { body: { projects: projects.map((id) => ({ id })) } };
  const project = req.url.pathname.split("/")[2] ?? "";
  const since = req.url.searchParams.get("updated_since") ?? "";
  const until = req.url.searchParams.get("updated_until") ?? "";
  return { body: { issues: (ISSUES[project] ?? []).filter((i) => i.updated_at >= since && i.updated_at <= until) } };
}

function manifest(): Record<string, unknown> {
  const requester = (path: string) => ({ type: "HttpRequester", url_base: "{{ config['base_url'] }}", path });
  const selector = (field: string) => ({ type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [field] } });
  const schema = { type: "InlineSchemaLoader", schema: { type: "object" } };
  const parent = { type: "DeclarativeStream", name: "projects", primary_key: "id", schema_loader: schema, retriever: { type: "SimpleRetriever", requester: requester("/projects"), record_selector: selector("projects") } };
  const issues = {
    type: "DeclarativeStream",
    name: "issues",
    primary_key: "id",
    schema_loader: schema,
    incremental_sync: {
      type: "DatetimeBasedCursor",
      cursor_field: "updated_at",
      datetime_format: "%Y-%m-%dT%H:%M:%SZ",
      start_datetime: "{{ config['start_date'] }}",
      end_datetime: "{{ config['end_date'] }}",
      step: "P1D",
      cursor_granularity: "PT1S",
      start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "updated_since" },
      end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "updated_until" },
    },
    retriever: {
      type: "SimpleRetriever",
      requester: requester("/projects/{{ stream_partition.project_id }}/issues"),
      record_selector: selector("issues"),
      partition_router: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: parent, parent_key: "id", partition_field: "project_id" }] },
    },
  };
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["projects"] },
    streams: [parent, issues],
    spec: { type: "Spec", connection_specification: { type: "object", properties: { base_url: { type: "string" }, start_date: { type: "string" }, end_date: { type: "string" } } } },
  };
}

describe("an incremental substream read through the engine: one cursor per parent partition", () => {
  let server: Loopback;
  before(async () => {
    server = await startLoopback(api);
  });
  after(() => server.close());

  const issueWindows = (requests: SeenRequest[]) =>
    requests.filter((r) => r.url.pathname.endsWith("/issues")).map((r) => `${r.url.pathname.split("/")[2]} ${r.url.searchParams.get("updated_since")}`);
  /** Reads the `issues` stream up to `endDate`, from `state`; the states it gives are JSON round-tripped, as a host stores them. */
  const readIssues = async (endDate: string, state?: Record<string, unknown>) => {
    const start = server.requests.length;
    const sluice = createSluice({ logLevel: "error" });
    const connector = await sluice.connect({ manifest: manifest(), config: { base_url: server.url, start_date: "2024-05-01T00:00:00Z", end_date: endDate } });
    const states: Array<Record<string, any>> = [];
    const ids: string[] = [];
    for await (const record of connector.read("issues", { state, onState: (s) => void states.push(JSON.parse(JSON.stringify(s))) })) ids.push(record.id as string);
    return { windows: issueWindows(server.requests.slice(start)), states, ids };
  };

  it("writes the kit's per-partition state (with the parent slice), then resumes each project from its own cursor and a new project from the start", async () => {
    projects = ["p1", "p2"];
    const first = await readIssues("2024-05-01T23:00:00Z");
    assert.deepEqual(first.windows, ["p1 2024-05-01T00:00:00Z", "p2 2024-05-01T00:00:00Z"]);
    assert.deepEqual(first.ids, ["i1", "i3"]);
    assert.deepEqual(first.states.at(-1)!, {
      use_global_cursor: false,
      states: [
        { partition: { project_id: "p1", parent_slice: {} }, cursor: { updated_at: "2024-05-01T08:00:00Z" } },
        { partition: { project_id: "p2", parent_slice: {} }, cursor: { updated_at: "2024-05-01T10:00:00Z" } },
      ],
      state: { updated_at: "2024-05-01T10:00:00Z" },
      lookback_window: first.states.at(-1)!.lookback_window,
      // As the kit writes it for a SubstreamPartitionRouter whose parent is not read incrementally.
      parent_state: {},
    });
    assert.equal(typeof first.states.at(-1)!.lookback_window, "number");

    projects = ["p1", "p2", "p3"];
    const second = await readIssues("2024-05-02T12:00:00Z", first.states.at(-1));
    // Each project from its own cursor; p3 (not in the state) from the global cursor less the first
    // read's duration in whole seconds (lookback_window), as the kit.
    const lookback = Number(first.states.at(-1)!.lookback_window) * 1000;
    const p3 = (day: string) => `p3 ${new Date(Date.parse(day) - lookback).toISOString().replace(".000", "")}`;
    assert.deepEqual(second.windows, ["p1 2024-05-01T08:00:00Z", "p1 2024-05-02T08:00:00Z", "p2 2024-05-01T10:00:00Z", "p2 2024-05-02T10:00:00Z", p3("2024-05-01T10:00:00Z"), p3("2024-05-02T10:00:00Z")]);
    assert.deepEqual(second.ids, ["i1", "i2", "i3", "i4"]);
    const cursors = (second.states.at(-1)!.states as Array<{ partition: { project_id: string }; cursor: { updated_at: string } }>).map((s) => `${s.partition.project_id} ${s.cursor.updated_at}`);
    assert.deepEqual(cursors, ["p1 2024-05-02T09:00:00Z", "p2 2024-05-01T10:00:00Z", "p3 2024-05-01T11:00:00Z"]);
    assert.deepEqual(second.states.at(-1)!.state, { updated_at: "2024-05-02T09:00:00Z" });
  });

  it("resumes from a state with only the stream's single cursor, and starts a project missing from a kit state without a global cursor at start_date", async () => {
    projects = ["p1", "p3"];
    const single = await readIssues("2024-05-01T23:00:00Z", { updated_at: "2024-05-01T09:00:00Z" });
    assert.deepEqual(single.windows, ["p1 2024-05-01T09:00:00Z", "p3 2024-05-01T09:00:00Z"]);
    assert.deepEqual(single.ids, ["i4"]);

    const kit = { states: [{ partition: { project_id: "p1", parent_slice: {} }, cursor: { updated_at: "2024-05-01T20:00:00Z" } }], use_global_cursor: false, lookback_window: 0 };
    const resumed = await readIssues("2024-05-01T23:00:00Z", kit);
    assert.deepEqual(resumed.windows, ["p1 2024-05-01T20:00:00Z", "p3 2024-05-01T00:00:00Z"]);
    assert.deepEqual(resumed.ids, ["i4"]);
  });
});
