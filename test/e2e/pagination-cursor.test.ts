import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Reply, type SeenRequest, useLoopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { readStream } from "../support/read-stream.js";

const ITEMS = Array.from({ length: 5 }, (_, i) => ({ id: `obj_${i + 1}` }));
const page = (from: number, size: number) => ITEMS.slice(from, from + size);
const after_ = (id: string | null | undefined) => (id ? ITEMS.findIndex((x) => x.id === id) + 1 : 0);

/** Each route answers like the API it is named after. */
function route(req: SeenRequest, origin: string): Reply {
  const q = req.url.searchParams;
  switch (req.url.pathname) {
    case "/v1/customers": {
      // Stripe: ?limit=&starting_after=<last id>, { object: "list", data, has_more }
      const from = after_(q.get("starting_after"));
      const data = page(from, Number(q.get("limit")));
      return { body: { object: "list", data, has_more: from + data.length < ITEMS.length, url: "/v1/customers" } };
    }
    case "/user/repos": {
      // GitHub: top-level array, Link header with the full next URL
      const perPage = Number(q.get("per_page"));
      const p = Number(q.get("page") ?? 1);
      const last = Math.ceil(ITEMS.length / perPage);
      const links = [`<${origin}/user/repos?per_page=${perPage}&page=${last}>; rel="last"`];
      if (p < last) links.unshift(`<${origin}/user/repos?per_page=${perPage}&page=${p + 1}>; rel="next"`);
      return { body: page((p - 1) * perPage, perPage), headers: { Link: links.join(", ") } };
    }
    case "/api/users.list": {
      // Slack: ?limit=&cursor=, response_metadata.next_cursor is "" on the last page
      const from = Number(q.get("cursor") ? Buffer.from(q.get("cursor")!, "base64").toString().split(":")[1] : 0);
      const members = page(from, Number(q.get("limit")));
      const end = from + members.length;
      return { body: { ok: true, members, response_metadata: { next_cursor: end < ITEMS.length ? Buffer.from(`user:${end}`).toString("base64") : "" } } };
    }
    case "/v1/databases/db1/query": {
      // Notion: POST { start_cursor, page_size }, { results, next_cursor, has_more }
      if (req.method !== "POST") return { status: 405, body: {} };
      const from = after_(req.fields.start_cursor as string | undefined);
      const results = page(from, req.fields.page_size as number);
      const hasMore = from + results.length < ITEMS.length;
      return { body: { object: "list", results, next_cursor: hasMore ? results.at(-1)!.id : null, has_more: hasMore } };
    }
    case "/api/0/projects/acme/web/events/": {
      // Sentry: Link entries carry results="true|false" and cursor="..."; the last page's next link says results="false"
      const from = Number((q.get("cursor") ?? "0:0:0").split(":")[1]);
      const data = page(from, 2);
      const next = from + 2;
      const more = next < ITEMS.length;
      const base = `${origin}/api/0/projects/acme/web/events/`;
      const link = [
        `<${base}?&cursor=0:${Math.max(0, from - 2)}:1>; rel="previous"; results="${from > 0}"; cursor="0:${Math.max(0, from - 2)}:1"`,
        `<${base}?&cursor=0:${next}:0>; rel="next"; results="${more}"; cursor="0:${next}:0"`,
      ].join(", ");
      return { body: data, headers: { Link: link } };
    }
    case "/dbs/db1/colls/c1/docs": {
      // Azure Cosmos DB: continuation token in the x-ms-continuation response header, sent back in the same request header
      const from = Number(req.headers["x-ms-continuation"] ?? 0);
      const size = Number(req.headers["x-ms-max-item-count"]);
      const Documents = page(from, size);
      const end = from + Documents.length;
      return { body: { Documents, _count: Documents.length }, headers: end < ITEMS.length ? { "x-ms-continuation": String(end) } : {} };
    }
    default:
      return { status: 404, body: { path: req.url.pathname } };
  }
}

describe("cursor pagination through the engine", () => {
  const api = useLoopback(route);
  const since = () => api.since();

  it("Stripe-style: starting_after = the last record's id until has_more is false", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/v1/customers",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ last_record['id'] }}", stop_condition: "{{ response.has_more == false }}", page_size: 2 },
          page_size_option: { inject_into: "request_parameter", field_name: "limit" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "starting_after" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    assert.deepEqual(sent().map((r) => r.url.search), ["?limit=2", "?starting_after=obj_2&limit=2", "?starting_after=obj_4&limit=2"]);
  });

  it("GitHub-style: follows the Link header's next URL over a top-level array without repeating per_page", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/user/repos",
        fieldPath: [],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.link }}", page_size: 2 },
          page_size_option: { inject_into: "request_parameter", field_name: "per_page" },
          page_token_option: { type: "RequestPath" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    assert.deepEqual(sent().map((r) => r.url.search), ["?per_page=2", "?per_page=2&page=2", "?per_page=2&page=3"]);
  });

  it("Slack-style: an empty next_cursor ends the read", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/api/users.list",
        fieldPath: ["members"],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.response_metadata.next_cursor }}", page_size: 2 },
          page_size_option: { inject_into: "request_parameter", field_name: "limit" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    assert.equal(sent().length, 3);
    assert.equal(sent()[1]!.url.searchParams.get("cursor"), Buffer.from("user:2").toString("base64"));
  });

  it("Notion-style: POSTs start_cursor and a numeric page_size in the JSON body", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/v1/databases/db1/query",
        fieldPath: ["results"],
        requester: { http_method: "POST", request_body_json: { sorts: [{ property: "id", direction: "ascending" }] } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next_cursor }}", stop_condition: "{{ not response.has_more }}", page_size: 2 },
          page_size_option: { inject_into: "body_json", field_name: "page_size" },
          page_token_option: { type: "RequestOption", inject_into: "body_json", field_name: "start_cursor" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    const bodies = sent().map((r) => r.fields);
    assert.deepEqual(bodies[0], { sorts: [{ property: "id", direction: "ascending" }], page_size: 2 });
    assert.deepEqual(bodies[1], { sorts: [{ property: "id", direction: "ascending" }], start_cursor: "obj_2", page_size: 2 });
    assert.equal(bodies.length, 3);
  });

  it("Sentry-style: a next link whose results=\"false\" ends the read", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/api/0/projects/acme/web/events/",
        fieldPath: [],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ headers.link.next.cursor }}", stop_condition: "{{ headers.link.next.results == 'false' }}" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    assert.deepEqual(sent().map((r) => r.url.searchParams.get("cursor")), [null, "0:2:0", "0:4:0"]);
  });

  it("a header cursor (Azure Cosmos DB-style x-ms-continuation) sent back in a request header, with the page size in a header", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/dbs/db1/colls/c1/docs",
        fieldPath: ["Documents"],
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ headers['X-MS-Continuation'] }}", page_size: 2 },
          page_size_option: { inject_into: "header", field_name: "x-ms-max-item-count" },
          page_token_option: { type: "RequestOption", inject_into: "header", field_name: "x-ms-continuation" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    assert.deepEqual(sent().map((r) => [r.headers["x-ms-continuation"], r.headers["x-ms-max-item-count"]]), [[undefined, "2"], ["2", "2"], ["4", "2"]]);
  });
});
