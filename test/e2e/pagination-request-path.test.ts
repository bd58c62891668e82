import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Reply, type SeenRequest, useLoopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { readStream } from "../support/read-stream.js";

const RECORDS = Array.from({ length: 6 }, (_, i) => ({ Id: `001${i + 1}` }));

function route(req: SeenRequest, origin: string): Reply {
  const path = req.url.pathname;
  const q = req.url.searchParams;
  // Salesforce: the first page is /query?q=..., later pages /query/<locator>-<offset>; nextRecordsUrl is host-root relative
  if (path === "/services/data/v59.0/query" || path.startsWith("/services/data/v59.0/query/")) {
    const from = path.includes("-") ? Number(path.split("-").at(-1)) : 0;
    const records = RECORDS.slice(from, from + 2);
    const done = from + 2 >= RECORDS.length;
    return { body: { totalSize: RECORDS.length, done, records, ...(done ? {} : { nextRecordsUrl: `/services/data/v59.0/query/01gD0000002HU6KIAW-${from + 2}` }) } };
  }
  // A next link relative to the current folder ("items?page=2")
  if (path === "/v2/shop/items") {
    const p = Number(q.get("page") ?? 1);
    return { body: { data: RECORDS.slice((p - 1) * 3, p * 3), next: p < 2 ? `items?page=${p + 1}` : null } };
  }
  // A next URL that normalises a parameter the requester also sends (since=2024-01-01 -> since=2024-01-01T00:00:00Z)
  if (path === "/events") {
    const p = Number(q.get("page") ?? 1);
    const next = p < 2 ? `${origin}/events?since=2024-01-01T00:00:00Z&page=${p + 1}` : null;
    return { body: { data: RECORDS.slice((p - 1) * 3, p * 3), next } };
  }
  // Custom injection: the token only appears inside a combined filter and in the path
  if (path.startsWith("/search/")) {
    const p = Number(path.split("/").at(-1));
    return { body: { data: RECORDS.slice(p * 3, p * 3 + 3), page: p } };
  }
  // Piwik: `cursor_value: '{{ response.get("links", {}) }}'` makes the token an object
  if (path === "/piwik/users") return { body: { data: RECORDS.slice(0, 2), links: { next: `${origin}/piwik/users?page=2` } } };
  if (path.startsWith("/piwik/%7B")) return { body: { data: [], links: {} } };
  return { status: 404, body: { path } };
}

describe("next-page URLs and custom token placement through the engine", () => {
  const api = useLoopback(route);
  const since = () => api.since();

  it("Salesforce-style: a host-root relative nextRecordsUrl replaces the path under url_base", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: `${api.url}/services/data/v59.0`,
        path: "/query",
        fieldPath: ["records"],
        requester: { request_parameters: { q: "SELECT Id FROM Account" } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.nextRecordsUrl }}", stop_condition: "{{ response.done }}" },
          page_token_option: { type: "RequestPath" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, RECORDS);
    assert.deepEqual(sent().map((r) => r.url.pathname), [
      "/services/data/v59.0/query",
      "/services/data/v59.0/query/01gD0000002HU6KIAW-2",
      "/services/data/v59.0/query/01gD0000002HU6KIAW-4",
    ]);
  });

  it("writes an object token into the path as Python's str() of it, as the kit does (Piwik's links object)", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: `${api.url}/piwik`,
        path: "users",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: '{{ response.get("links", {}) }}', stop_condition: '{{ not response.get("links", {}).get("next") }}' },
          page_token_option: { type: "RequestPath" },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.equal(records.length, 2);
    const second = sent()[1]!;
    // Python's urljoin also drops the empty segment of the inner "http://", as the kit's request does.
    assert.equal(decodeURIComponent(second.url.pathname + second.url.search), `/piwik/{'next': '${api.url.replace("//", "/")}/piwik/users?page=2'}`);
  });

  it("resolves a relative next link against url_base + '/'", async () => {
    const sent = since();
    const { records } = await readStream(
      oneStreamManifest({
        urlBase: `${api.url}/v2/shop`,
        path: "items",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" },
          page_token_option: { type: "RequestPath" },
        },
      }),
    );
    assert.equal(records.length, 6);
    assert.deepEqual(sent().map((r) => r.url.pathname + r.url.search), ["/v2/shop/items", "/v2/shop/items?page=2"]);
  });

  it("never sends a query parameter twice: the next URL's own value wins", async () => {
    const sent = since();
    const { records } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/events",
        requester: { request_parameters: { since: "2024-01-01" } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" },
          page_token_option: { type: "RequestPath" },
        },
      }),
    );
    assert.equal(records.length, 6);
    const second = sent()[1]!;
    assert.deepEqual(second.url.searchParams.getAll("since"), ["2024-01-01T00:00:00Z"]);
    assert.deepEqual(second.url.searchParams.getAll("page"), ["2"]);
  });

  it("without page_token_option the token reaches templates as next_page_token (combined parameter and URL path)", async () => {
    const sent = since();
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/search/{{ next_page_token['next_page_token'] or '0' }}",
        requester: { request_parameters: { filter: "status=open;page={{ next_page_token['next_page_token'] or '0' }}" } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "PageIncrement", page_size: 3 },
        },
      }),
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, RECORDS);
    assert.deepEqual(sent().map((r) => [r.url.pathname, r.url.searchParams.get("filter")]), [
      ["/search/0", "status=open;page=0"],
      ["/search/1", "status=open;page=1"],
      ["/search/2", "status=open;page=2"],
    ]);
  });
});
