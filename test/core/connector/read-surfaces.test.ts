/**
 * One read path: `connector.read()` (records), `.pages()` and `readAll()` give the same records, states
 * and final status, in the same order, for every kind of stream, at concurrency 1 and N. Each surface's
 * output is written as one list of events: `record`, `state` (where it came among the records) and the
 * end (`COMPLETE`, or `INCOMPLETE` with the error's code).
 */
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "../loader/temp-connector.js";
import { asyncJobsStream, startAsyncJobsApi, type AsyncJobsApi } from "../../support/async-jobs-api.js";
import { dayWindows, nextPagePaginator } from "../../support/latency-api.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { streamDef } from "../../support/manifest-builder.js";

type Event = { record: unknown } | { state: unknown } | { end: string };

const COMPONENTS = `
import { Retriever, type DataRecord, type ReadOptions } from "sluice/sdk";
/** Written to the earlier contract: read(stream, options, slicing), its state through onState. */
export class Listed extends Retriever {
  async *read(_stream: string, options: ReadOptions): AsyncGenerator<DataRecord> {
    for (let n = 1; n <= 3; n++) {
      yield { id: "l" + n };
      options.onState?.({ listed: n });
    }
  }
}
`;

const EVENTS = [
  { id: "e1", updated_at: "2024-01-01T05:00:00Z" },
  { id: "e2", updated_at: "2024-01-02T06:00:00Z" },
  { id: "e3", updated_at: "2024-01-03T07:00:00Z" },
];
const WINDOW = { from: "2024-01-01T00:00:00Z", to: "2024-01-03T23:59:59Z" };
const windowOptions = {
  start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "start" },
  end_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "end" },
};

/** Two pages of three records each at any path (ids prefixed by the path's second segment). */
function answer(url: URL): Reply {
  const page = Number(url.searchParams.get("page") ?? 1);
  const parts = url.pathname.split("/");
  if (url.pathname === "/flaky" && page === 2) return { status: 400, body: { error: "bad page" } };
  if (url.pathname === "/parents") return { body: { data: [{ id: 1 }, { id: 2 }], next: null } };
  if (url.pathname.endsWith("/events") || url.pathname === "/empty") {
    const start = url.searchParams.get("start") ?? "";
    const end = url.searchParams.get("end") ?? "\uffff";
    const found = url.pathname === "/empty" ? [] : EVENTS.filter((e) => e.updated_at >= start && e.updated_at <= end);
    return { body: { data: found.map((e) => ({ ...e, id: `${parts[2] ?? ""}${e.id}` })), next: null } };
  }
  const prefix = parts.slice(1, -1).join("-") || parts[1];
  return { body: { data: [1, 2, 3].map((n) => ({ id: `${prefix}-${page}-${n}` })), next: page < 2 ? page + 1 : null } };
}

function streams(url: string, jobs: string): Record<string, unknown>[] {
  const paged = { urlBase: url, fieldPath: ["data"], paginator: nextPagePaginator() };
  const boards = { type: "ListPartitionRouter", values: ["a", "b", "c"], cursor_field: "board" };
  const events = (name: string, path: string, extra: Record<string, unknown> = {}) =>
    streamDef({ name, path, urlBase: url, fieldPath: ["data"], incrementalSync: dayWindows(WINDOW, windowOptions), ...extra });
  return [
    streamDef({ ...paged, name: "full_refresh", path: "/items" }),
    streamDef({ ...paged, name: "partitioned", path: "/boards/{{ stream_partition.board }}/items", partitionRouter: boards, transformations: [{ type: "AddFields", fields: [{ path: ["board"], value: "{{ stream_slice.board }}" }] }] }),
    streamDef({
      ...paged,
      name: "substream",
      path: "/parents/{{ stream_partition.parent_id }}/children",
      partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: streamDef({ urlBase: url, name: "parents", path: "/parents", fieldPath: ["data"] }), parent_key: "id", partition_field: "parent_id" }] },
    }),
    events("incremental", "/events"),
    events("incremental_empty_windows", "/empty"),
    events("per_partition", "/boards/{{ stream_partition.board }}/events", { partitionRouter: boards }),
    { type: "StateDelegatingStream", name: "delegating", full_refresh_stream: streamDef({ ...paged, name: "delegating", path: "/items" }), incremental_stream: events("delegating", "/events") },
    { ...asyncJobsStream(jobs, { from: "2024-01-01T00:00:00Z", to: "2024-01-02T23:59:59Z" }), name: "async_jobs" },
    streamDef({ urlBase: url, name: "custom_retriever", path: "/unused", retriever: { type: "CustomRetriever", class_name: "source_surfaces.components.Listed" } }),
    streamDef({ ...paged, name: "failing", path: "/flaky" }),
  ];
}

/** A record without what differs from read to read by design (the id of the report job the API made for this read). */
function comparable(record: Record<string, unknown>): Record<string, unknown> {
  const { job: _job, ...rest } = record;
  return rest;
}

const ending = (error: unknown) => `INCOMPLETE ${error instanceof SluiceError ? error.code : String(error)}`;

/** `connector.read()` one record at a time; the states from `onState`, in place. */
async function viaRecords(connector: Connector, stream: string, concurrency: number, state?: Record<string, unknown>): Promise<Event[]> {
  const events: Event[] = [];
  try {
    for await (const record of connector.read(stream, { concurrency, state, onState: (s) => events.push({ state: s }) })) events.push({ record: comparable(record) });
  } catch (error) {
    return [...events, { end: ending(error) }];
  }
  return [...events, { end: "COMPLETE" }];
}

/** `connector.read().pages()`. */
async function viaPages(connector: Connector, stream: string, concurrency: number, state?: Record<string, unknown>): Promise<Event[]> {
  const events: Event[] = [];
  try {
    for await (const page of connector.read(stream, { concurrency, state, onState: (s) => events.push({ state: s }) }).pages()) for (const record of page) events.push({ record: comparable(record) });
  } catch (error) {
    return [...events, { end: ending(error) }];
  }
  return [...events, { end: "COMPLETE" }];
}

/** `connector.readAll()`, its final status as the end. */
async function viaReadAll(connector: Connector, stream: string, concurrency: number, state?: Record<string, unknown>): Promise<Event[]> {
  const events: Event[] = [];
  for await (const message of connector.readAll({ streams: [stream], concurrency, state: { [stream]: state } })) {
    if (message.type === "record") events.push({ record: comparable(message.record) });
    else if (message.type === "state") events.push({ state: message.state });
    else if (message.status === "COMPLETE") events.push({ end: "COMPLETE" });
    else if (message.status === "INCOMPLETE") events.push({ end: ending(message.error) });
  }
  return events;
}

type Connector = Awaited<ReturnType<ReturnType<typeof createSluice>["connect"]>>;

/** At concurrency N slices interleave as the API answers: records sorted, each state kept in order. */
function unordered(events: Event[]): { records: string[]; states: string[]; end: string[] } {
  return {
    records: events.flatMap((e) => ("record" in e ? [JSON.stringify(e.record)] : [])).sort(),
    states: events.flatMap((e) => ("state" in e ? [JSON.stringify(e.state)] : [])),
    end: events.flatMap((e) => ("end" in e ? [e.end] : [])),
  };
}

describe("every read surface gives the same records, states and status, in the same order", () => {
  let api: Loopback;
  let jobs: AsyncJobsApi;
  let folder: TempConnector;
  let connector: Connector;
  before(async () => {
    api = await startLoopback((req) => answer(req.url));
    jobs = await startAsyncJobsApi({ jobMs: () => 0, delayMs: 1 });
    folder = await tempConnector({ "source_surfaces/components.ts": COMPONENTS });
    const file = join(folder.dir, "manifest.json");
    const all = streams(api.url, jobs.url);
    await writeFile(file, JSON.stringify({ version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["full_refresh"] }, streams: all }));
    connector = await createSluice({ logLevel: "error" }).connect({ path: file, config: {} });
  });
  after(async () => {
    await api.close();
    await jobs.close();
    await folder.remove();
  });

  const cases: Array<{ stream: string; state?: Record<string, unknown>; check?: (events: Event[]) => void }> = [
    { stream: "full_refresh", check: (events) => assert.equal(events.filter((e) => "record" in e).length, 6) },
    { stream: "partitioned", check: (events) => assert.equal(events.filter((e) => "record" in e).length, 18) },
    { stream: "substream", check: (events) => assert.equal(events.filter((e) => "record" in e).length, 12) },
    { stream: "incremental", check: (events) => assert.deepEqual(events.filter((e) => "state" in e).length, 3) },
    { stream: "incremental", state: { updated_at: "2024-01-02T00:00:00Z" } },
    {
      stream: "incremental_empty_windows",
      // Three windows, no record in any: one state (the read's), not one per window plus one at the end.
      check: (events) => assert.deepEqual(events.filter((e) => "state" in e), [{ state: { updated_at: "2024-01-01T00:00:00Z" } }]),
    },
    { stream: "per_partition" },
    { stream: "delegating", check: (events) => assert.deepEqual(events.filter((e) => "state" in e), [{ state: { __ab_no_cursor_state_message: true } }]) },
    { stream: "delegating", state: { updated_at: "2024-01-02T00:00:00Z" }, check: (events) => assert.ok(events.some((e) => "record" in e && (e.record as { id: string }).id === "e3")) },
    { stream: "async_jobs", check: (events) => assert.equal(events.filter((e) => "record" in e).length, 8) },
    { stream: "custom_retriever", check: (events) => assert.deepEqual(events.slice(-2), [{ state: { listed: 3 } }, { end: "COMPLETE" }]) },
    { stream: "failing", check: (events) => assert.deepEqual(events.at(-1), { end: "INCOMPLETE HTTP_STATUS" }) },
  ];

  for (const { stream, state, check } of cases) {
    const label = `${stream}${state ? " from a saved state" : ""}`;
    it(`${label}: read(), pages() and readAll() agree event for event at concurrency 1`, async () => {
      const records = await viaRecords(connector, stream, 1, state);
      assert.deepEqual(await viaPages(connector, stream, 1, state), records, "pages() differs from read()");
      assert.deepEqual(await viaReadAll(connector, stream, 1, state), records, "readAll() differs from read()");
      check?.(records);
    });
    it(`${label}: read(), pages() and readAll() agree at concurrency 4 (records of different slices may interleave)`, async () => {
      const one = unordered(await viaRecords(connector, stream, 1, state));
      const records = unordered(await viaRecords(connector, stream, 4, state));
      assert.deepEqual(records.records, one.records, "concurrency 4 read other records than concurrency 1");
      assert.deepEqual(records.end, one.end);
      assert.deepEqual(unordered(await viaPages(connector, stream, 4, state)).records, records.records);
      const all = unordered(await viaReadAll(connector, stream, 4, state));
      assert.deepEqual(all.records, records.records);
      assert.deepEqual(all.end, records.end);
      assert.deepEqual(all.states.at(-1), records.states.at(-1), "the last state differs");
      assert.deepEqual(records.states.at(-1), one.states.at(-1), "the last state differs from concurrency 1");
    });
  }
});
