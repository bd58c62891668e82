import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { incrementalManifest, readIncremental } from "./support.js";

// A bugsnag-like feed: events newest first, three pages of two, no date filter on the API's side.
const FEED = [
  { id: 6, created: "2024-03-06" },
  { id: 5, created: "2024-03-05" },
  { id: 4, created: "2024-03-04" },
  { id: 3, created: "2024-03-03" },
  { id: 2, created: "2024-03-02" },
  { id: 1, created: "2024-03-01" },
];

function handler(req: SeenRequest) {
  const page = Number(req.url.searchParams.get("page") ?? 1);
  const match = /^\/projects\/(\w+)\/events$/.exec(req.url.pathname);
  if (req.url.pathname !== "/events" && !match) return { status: 404, body: {} };
  const events = FEED.slice((page - 1) * 2, page * 2).map((e) => ({ ...e, id: match ? `${match[1]}-${e.id}` : e.id }));
  return { body: { events } };
}

const paginator = {
  type: "DefaultPaginator",
  pagination_strategy: { type: "PageIncrement", page_size: 2, start_from_page: 1 },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
};

describe("is_data_feed: a feed listed newest first", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(handler);
  });
  after(() => api.close());

  const requestsOf = (start: number) => api.requests.slice(start).map((r) => r.url.pathname + r.url.search);

  it("stops paginating after the first page whose last record is older than the saved cursor, and drops the older records", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/events",
      fieldPath: ["events"],
      retriever: { paginator },
      cursor: { cursor_field: "created", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", is_data_feed: true },
    });
    const start = api.requests.length;
    const read = await readIncremental(manifest, { state: { created: "2024-03-04" }, now: "2024-03-10T00:00:00Z" });
    assert.equal(read.error, undefined);
    // Page 2 ends with 2024-03-03, older than the state: the kit asks for no third page.
    assert.deepEqual(requestsOf(start), ["/events", "/events?page=2"]);
    assert.deepEqual(read.records.map((r) => r.id), [6, 5, 4]);
    assert.deepEqual(read.states.at(-1), { created: "2024-03-06" });
  });

  it("stops at the first page when that page already ends older than the cursor (one request)", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/events",
      fieldPath: ["events"],
      retriever: { paginator },
      cursor: { cursor_field: "created", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", is_data_feed: true },
    });
    const start = api.requests.length;
    const read = await readIncremental(manifest, { state: { created: "2024-03-06" }, now: "2024-03-10T00:00:00Z" });
    assert.deepEqual(requestsOf(start), ["/events"]);
    assert.deepEqual(read.records.map((r) => r.id), [6]);
  });

  it("reads every page on a first sync, whose start is older than the whole feed", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/events",
      fieldPath: ["events"],
      retriever: { paginator },
      cursor: { cursor_field: "created", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", is_data_feed: true },
    });
    const start = api.requests.length;
    const read = await readIncremental(manifest, { now: "2024-03-10T00:00:00Z" });
    assert.deepEqual(requestsOf(start), ["/events", "/events?page=2", "/events?page=3", "/events?page=4"]);
    assert.equal(read.records.length, 6);
  });

  it("per partition, stops each partition's pages at its own saved cursor", async () => {
    const manifest = incrementalManifest({
      urlBase: api.url,
      path: "/projects/{{ stream_partition.project }}/events",
      fieldPath: ["events"],
      retriever: { paginator, partition_router: { type: "ListPartitionRouter", values: ["a", "b"], cursor_field: "project" } },
      cursor: { cursor_field: "created", datetime_format: "%Y-%m-%d", start_datetime: "2024-01-01", is_data_feed: true },
    });
    const state = {
      use_global_cursor: false,
      states: [
        { partition: { project: "a" }, cursor: { created: "2024-03-06" } },
        { partition: { project: "b" }, cursor: { created: "2024-03-04" } },
      ],
      lookback_window: 0,
    };
    const start = api.requests.length;
    const read = await readIncremental(manifest, { state, now: "2024-03-10T00:00:00Z" });
    assert.equal(read.error, undefined);
    assert.deepEqual(requestsOf(start).sort(), ["/projects/a/events", "/projects/b/events", "/projects/b/events?page=2"]);
    assert.deepEqual(read.records.map((r) => r.id).sort(), ["a-6", "b-4", "b-5", "b-6"]);
  });
});
