import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Loopback, startLoopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { readStream } from "../support/read-stream.js";

const ITEMS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` }));

describe("offset and page-number pagination through the engine", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback((req) => {
      const q = req.url.searchParams;
      if (req.url.pathname === "/lists") {
        // Mailchimp-style: ?count=&offset=
        const count = Number(q.get("count") ?? 10);
        const offset = Number(q.get("offset") ?? 0);
        return { body: { lists: ITEMS.slice(offset, offset + count), total_items: ITEMS.length } };
      }
      if (req.url.pathname === "/form") {
        const count = Number(req.fields.count ?? 10);
        const offset = Number(req.fields.offset ?? 0);
        return { body: { data: ITEMS.slice(offset, offset + count) } };
      }
      if (req.url.pathname === "/tickets") {
        // Zendesk-style: ?page=1&per_page=
        const perPage = Number(q.get("per_page") ?? 100);
        const page = Number(q.get("page") ?? 1);
        return { body: { tickets: ITEMS.slice((page - 1) * perPage, page * perPage) } };
      }
      return { status: 404, body: {} };
    });
  });
  after(() => api.close());

  it("OffsetIncrement reads every page with limit and offset in the query (Mailchimp-style), stopping on the short page", async () => {
    const start = api.requests.length;
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/lists",
        fieldPath: ["lists"],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "OffsetIncrement", page_size: 3 },
          page_size_option: { inject_into: "request_parameter", field_name: "count" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [1, 2, 3, 4, 5, 6, 7]);
    const seen = api.requests.slice(start).map((r) => r.url.search);
    assert.deepEqual(seen, ["?count=3", "?offset=3&count=3", "?offset=6&count=3"]);
  });

  it("takes the page size from the config", async () => {
    const start = api.requests.length;
    const { records } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/lists",
        fieldPath: ["lists"],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "OffsetIncrement", page_size: "{{ config['page_size'] }}", inject_on_first_request: true },
          page_size_option: { inject_into: "request_parameter", field_name: "count" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
        },
      }),
      { config: { page_size: 4 } },
    );
    assert.equal(records.length, 7);
    assert.deepEqual(api.requests.slice(start).map((r) => r.url.search), ["?offset=0&count=4", "?offset=4&count=4"]);
  });

  it("puts offset and page size into a form body", async () => {
    const start = api.requests.length;
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/form",
        requester: { http_method: "POST" },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "OffsetIncrement", page_size: 5 },
          page_size_option: { inject_into: "body_data", field_name: "count" },
          page_token_option: { type: "RequestOption", inject_into: "body_data", field_name: "offset" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.equal(records.length, 7);
    const sent = api.requests.slice(start);
    assert.deepEqual(sent.map((r) => r.body), ["count=5", "offset=5&count=5"]);
    assert.match(String(sent[1]!.headers["content-type"]), /application\/x-www-form-urlencoded/);
  });

  it("PageIncrement numbers pages from start_from_page (Zendesk-style) and an exact last page ends on the empty page", async () => {
    const start = api.requests.length;
    const { records } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/tickets",
        fieldPath: ["tickets"],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "PageIncrement", page_size: 7, start_from_page: 1, inject_on_first_request: true },
          page_size_option: { inject_into: "request_parameter", field_name: "per_page" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
        },
      }),
    );
    assert.equal(records.length, 7);
    assert.deepEqual(api.requests.slice(start).map((r) => r.url.search), ["?page=1&per_page=7", "?page=2&per_page=7"]);
  });

  it("a record filter does not end offset pagination early (raw records are counted)", async () => {
    const start = api.requests.length;
    const manifest = oneStreamManifest({
      urlBase: api.url,
      path: "/lists",
      fieldPath: ["lists"],
      paginator: {
        type: "DefaultPaginator",
        pagination_strategy: { type: "OffsetIncrement", page_size: 3 },
        page_size_option: { inject_into: "request_parameter", field_name: "count" },
        page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
      },
    });
    const retriever = (manifest.streams as Record<string, Record<string, Record<string, unknown>>>[])[0]!.retriever!;
    retriever.record_selector = { ...retriever.record_selector, record_filter: { type: "RecordFilter", condition: "{{ record['id'] % 3 == 0 }}" } };
    const { records, error } = await readStream(manifest);
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [3, 6]);
    assert.equal(api.requests.length - start, 3);
  });
});
