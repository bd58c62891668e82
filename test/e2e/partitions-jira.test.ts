import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Loopback, type Reply, type SeenRequest, startLoopback } from "../support/loopback.js";
import { sourceDef, streamDef } from "../support/manifest-builder.js";
import { readPartitioned } from "../support/read-stream.js";

// Jira Cloud: GET /rest/api/3/search?startAt=&maxResults= -> { startAt, maxResults, total, issues },
// GET /rest/api/3/issue/{id}/comment?startAt=&maxResults= -> { startAt, maxResults, total, comments }.
const ISSUES = [
  { id: "10001", key: "PROJ-1", fields: { summary: "Login fails" } },
  { id: "10002", key: "PROJ-2", fields: { summary: "Typo" } },
  { id: "10003", key: "PROJ-3", fields: { summary: "Slow search" } },
];
const COMMENTS: Record<string, string[]> = { "10001": ["c1", "c2", "c3"], "10002": [], "10003": ["c4"] };

function jira(req: SeenRequest): Reply {
  const q = req.url.searchParams;
  const startAt = Number(q.get("startAt") ?? 0);
  const max = Number(q.get("maxResults") ?? 50);
  if (req.url.pathname === "/rest/api/3/search") {
    return { body: { startAt, maxResults: max, total: ISSUES.length, issues: ISSUES.slice(startAt, startAt + max) } };
  }
  const m = req.url.pathname.match(/^\/rest\/api\/3\/issue\/(\d+)\/comment$/);
  if (m && COMMENTS[m[1]!]) {
    const all = COMMENTS[m[1]!]!;
    const comments = all.slice(startAt, startAt + max).map((id) => ({ id, body: `comment ${id}` }));
    return { body: { startAt, maxResults: max, total: all.length, comments } };
  }
  return { status: 404, body: { errorMessages: ["Issue does not exist or you do not have permission to see it."] } };
}

const offsetPaginator = {
  type: "DefaultPaginator",
  pagination_strategy: { type: "OffsetIncrement", page_size: 2 },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "startAt" },
  page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "maxResults" },
};

describe("Jira-style substream: comments of every issue, parent and child paginated", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(jira);
  });
  after(() => api.close());

  function manifest(): Record<string, unknown> {
    const issues = streamDef({ name: "issues", urlBase: `${api.url}/rest/api/3`, path: "/search", fieldPath: ["issues"], paginator: offsetPaginator });
    const comments = streamDef({
      name: "issue_comments",
      urlBase: `${api.url}/rest/api/3`,
      path: "/issue/{{ stream_slice.issue_id }}/comment",
      fieldPath: ["comments"],
      paginator: offsetPaginator,
      partitionRouter: {
        type: "SubstreamPartitionRouter",
        parent_stream_configs: [{ type: "ParentStreamConfig", stream: "#/definitions/issues", parent_key: "id", partition_field: "issue_id", extra_fields: [["key"]] }],
      },
      transformations: [
        { type: "AddFields", fields: [{ path: ["issueId"], value: "{{ stream_slice.issue_id }}" }, { path: ["issueKey"], value: "{{ stream_slice.extra_fields['key'] }}" }] },
      ],
    });
    return sourceDef([issues, comments], { issues });
  }

  it("emits every comment with its issue, reading parents at most one page ahead of the children that need them", async () => {
    const { records, error } = await readPartitioned(manifest(), "issue_comments");
    assert.equal(error, undefined);
    assert.deepEqual(
      records.map((r) => [r.id, r.issueId, r.issueKey]),
      // AddFields without value_type gives the kit's literal: the digits become a number
      [["c1", 10001, "PROJ-1"], ["c2", 10001, "PROJ-1"], ["c3", 10001, "PROJ-1"], ["c4", 10003, "PROJ-3"]],
    );
    assert.deepEqual(
      api.requests.map((r) => r.url.pathname + r.url.search),
      [
        "/rest/api/3/search?maxResults=2",
        // The parents' second page is requested while their first page is handed out (page-reader.ts
        // reads one page ahead), before the children of the first page are read.
        "/rest/api/3/search?startAt=2&maxResults=2",
        "/rest/api/3/issue/10001/comment?maxResults=2",
        "/rest/api/3/issue/10001/comment?startAt=2&maxResults=2",
        "/rest/api/3/issue/10002/comment?maxResults=2",
        "/rest/api/3/issue/10003/comment?maxResults=2",
      ],
    );
  });
});
