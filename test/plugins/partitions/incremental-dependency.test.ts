/**
 * `incremental_dependency: true`: the parent is read incrementally from the child's `parent_state`, and
 * its state is written there, as the kit does (source-retailexpress-by-maropost's shape).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { readIncremental } from "../incremental/support.js";

const PROJECTS = [
  { id: "p1", updated_at: "2024-03-01" },
  { id: "p2", updated_at: "2024-03-05" },
  { id: "p3", updated_at: "2024-03-09" },
];

function route(req: SeenRequest) {
  if (req.url.pathname === "/projects") {
    const since = req.url.searchParams.get("since") ?? "0000";
    return { body: { data: PROJECTS.filter((p) => p.updated_at >= since) } };
  }
  const project = req.url.pathname.split("/")[2];
  return { body: { data: [{ id: `${project}-t1`, updated_at: "2024-03-10" }] } };
}

describe("incremental_dependency: a parent read incrementally", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(route);
  });
  after(() => api.close());

  const cursor = (field: string) => ({ type: "DatetimeBasedCursor", cursor_field: "updated_at", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: field } });
  function manifest(): Record<string, unknown> {
    const projects = streamDef({ name: "projects", urlBase: api.url, path: "/projects", fieldPath: ["data"], incrementalSync: cursor("since") });
    const tasks = streamDef({
      name: "tasks",
      urlBase: api.url,
      path: "/projects/{{ stream_partition.project_id }}/tasks",
      fieldPath: ["data"],
      incrementalSync: { ...cursor("from"), start_time_option: undefined },
      partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: projects, parent_key: "id", partition_field: "project_id", incremental_dependency: true }] },
    });
    return sourceDef([projects, tasks]);
  }
  const projectRequests = (start: number) => api.requests.slice(start).filter((r) => r.url.pathname === "/projects").map((r) => r.url.search);

  it("writes the parent's cursor into the child's parent_state, and a resumed read asks the parent only for what changed", async () => {
    const start = api.requests.length;
    const first = await readIncremental(manifest(), { stream: "tasks", now: "2024-03-10T12:00:00Z" });
    assert.equal(first.error, undefined);
    assert.equal(first.records.length, 3);
    assert.deepEqual(projectRequests(start), ["?since=2024-01-01"]);
    const saved = first.states.at(-1)!;
    assert.deepEqual(saved.parent_state, { projects: { updated_at: "2024-03-09" } });

    const resumed = api.requests.length;
    const second = await readIncremental(manifest(), { stream: "tasks", state: saved, now: "2024-03-11T12:00:00Z" });
    assert.equal(second.error, undefined);
    assert.deepEqual(projectRequests(resumed), ["?since=2024-03-09"]);
    // Only p3 changed since: one child partition, not three.
    assert.deepEqual(api.requests.slice(resumed).filter((r) => r.url.pathname !== "/projects").map((r) => r.url.pathname), ["/projects/p3/tasks"]);
    assert.deepEqual(second.states.at(-1)!.parent_state, { projects: { updated_at: "2024-03-09" } });
  });

  it("starts the parent from a child state written before the dependency (one cursor value), as the kit migrates it", async () => {
    const start = api.requests.length;
    const read = await readIncremental(manifest(), { stream: "tasks", state: { updated_at: "2024-03-05" }, now: "2024-03-11T12:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(projectRequests(start), ["?since=2024-03-05"]);
  });

  it("keeps parent_state {} for a parent without the flag, and reads it in full", async () => {
    const definition = manifest();
    const tasks = (definition.streams as Array<{ retriever: { partition_router: { parent_stream_configs: Array<Record<string, unknown>> } } }>)[1]!;
    tasks.retriever.partition_router.parent_stream_configs[0]!.incremental_dependency = false;
    const start = api.requests.length;
    const read = await readIncremental(definition, { stream: "tasks", state: { states: [], parent_state: { projects: { updated_at: "2024-03-09" } } }, now: "2024-03-11T12:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(projectRequests(start), ["?since=2024-01-01"]);
    assert.deepEqual(read.states.at(-1)!.parent_state, {});
  });
});
