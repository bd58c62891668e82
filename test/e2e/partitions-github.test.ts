import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Reply, type SeenRequest, useLoopback } from "../support/loopback.js";
import { sourceDef, streamDef } from "../support/manifest-builder.js";
import { readPartitioned } from "../support/read-stream.js";

// GitHub REST: GET /repos/{owner}/{repo}/issues?per_page=&state=all, a top-level array, and a Link header
// whose rel="next" URL is the next page.
const ISSUES: Record<string, number[]> = { "octo/hello": [1, 2, 3], "octo/world": [7] };

function github(req: SeenRequest, origin: string): Reply {
  const m = req.url.pathname.match(/^\/repos\/([^/]+\/[^/]+)\/issues$/);
  if (!m || !ISSUES[m[1]!]) return { status: 404, body: { message: "Not Found" } };
  const perPage = Number(req.url.searchParams.get("per_page") ?? 30);
  const page = Number(req.url.searchParams.get("page") ?? 1);
  const all = ISSUES[m[1]!]!;
  const body = all.slice((page - 1) * perPage, page * perPage).map((n) => ({ number: n, state: req.url.searchParams.get("state") }));
  const headers: Record<string, string> = {};
  if (page * perPage < all.length) headers.Link = `<${origin}/repos/${m[1]}/issues?per_page=${perPage}&page=${page + 1}>; rel="next"`;
  return { body, headers };
}

describe("GitHub-style: issues of every repository listed in the config", () => {
  const api = useLoopback(github);
  const since = () => {
    const sent = api.since();
    return () => sent().map((r) => r.url.pathname + r.url.search);
  };

  function manifest(retriever: Record<string, unknown> = {}, routerOption?: Record<string, unknown>): Record<string, unknown> {
    return sourceDef([
      streamDef({
        name: "issues",
        urlBase: api.url,
        path: "/repos/{{ stream_partition.repository }}/issues",
        requester: { request_parameters: { state: "all" } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.link }}", page_size: 2 },
          page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "per_page" },
          page_token_option: { type: "RequestPath" },
        },
        partitionRouter: { type: "ListPartitionRouter", values: "{{ config['repositories'] }}", cursor_field: "repository", ...(routerOption ? { request_option: routerOption } : {}) },
        transformations: [{ type: "AddFields", fields: [{ path: ["repository"], value: "{{ stream_partition.repository }}" }] }],
        retriever,
      }),
    ]);
  }

  it("follows each repository's Link pages and tags each issue with its repository", async () => {
    const seen = since();
    const { records, error } = await readPartitioned(manifest(), "issues", { repositories: ["octo/hello", "octo/world"] });
    assert.equal(error, undefined);
    assert.deepEqual(
      records.map((r) => [r.repository, r.number, r.state]),
      [["octo/hello", 1, "all"], ["octo/hello", 2, "all"], ["octo/hello", 3, "all"], ["octo/world", 7, "all"]],
    );
    assert.deepEqual(seen(), [
      "/repos/octo/hello/issues?state=all&per_page=2",
      "/repos/octo/hello/issues?per_page=2&page=2&state=all",
      "/repos/octo/world/issues?state=all&per_page=2",
    ]);
  });

  it("sends the partition's request option on every page, or on the first page only with ignore_stream_slicer_parameters_on_paginated_requests", async () => {
    const option = { type: "RequestOption", inject_into: "request_parameter", field_name: "repo" };
    const every = since();
    await readPartitioned(manifest({}, option), "issues", { repositories: ["octo/hello"] });
    assert.deepEqual(every().map((u) => new URL(u, api.url).searchParams.get("repo")), ["octo/hello", "octo/hello"]);
    const first = since();
    await readPartitioned(manifest({ ignore_stream_slicer_parameters_on_paginated_requests: true }, option), "issues", { repositories: ["octo/hello"] });
    assert.deepEqual(first().map((u) => new URL(u, api.url).searchParams.get("repo")), ["octo/hello", null]);
  });

  it("fails the stream on a repository the API does not know, after the records already read", async () => {
    const { records, error } = await readPartitioned(manifest(), "issues", { repositories: ["octo/world", "octo/missing"] });
    assert.deepEqual(records.map((r) => r.number), [7]);
    assert.ok(error instanceof Error);
    assert.match(String((error as Error).message), /404/);
  });
});
