import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { findPageSize } from "../../../core/probe/page-size.js";
import { findPrimaryKey } from "../../../core/probe/primary-key.js";
import type { ProbeResponse } from "../../../core/probe/probe-response.js";
import { findRecordPath } from "../../../core/probe/record-path.js";
import { proposeStream } from "../../../core/probe/stream-proposal.js";

function response(body: unknown, url = "https://api.example.com/v1/items", requestBody: unknown = null): ProbeResponse {
  return { request: { method: "GET", url, body: requestBody }, status: 200, headers: {}, body };
}

describe("records, primary key and page size from one response", () => {
  it("finds the records: the body's array, the largest array of objects, a connection's nodes", () => {
    assert.deepEqual(findRecordPath([{ id: 1 }])?.path, []);
    assert.deepEqual(findRecordPath({ meta: { tags: [{ t: 1 }] }, data: [{ id: 1 }, { id: 2 }] })?.path, ["data"]);
    assert.deepEqual(findRecordPath({ data: { viewer: { repos: { edges: [{ node: { id: "r" } }] } } } })?.path, ["data", "viewer", "repos", "edges", "*", "node"]);
    assert.equal(findRecordPath({ count: 3, ok: true }), undefined);
    assert.equal(findRecordPath([1, 2, 3]), undefined);
  });

  it("names the other arrays when two hold as many objects", () => {
    const proposal = proposeStream(response({ users: [{ id: 1 }], groups: [{ id: 9 }] }));
    assert.match(proposal.undecided.join("\n"), /where the records are: users was chosen, but groups is an array of as many objects/);
  });

  it("finds an id-like field present and unique in every record, and none when there is none", () => {
    assert.equal(findPrimaryKey([{ Id: "001A", Name: "a" }, { Id: "001B", Name: "a" }])?.field, "Id");
    assert.equal(findPrimaryKey([{ id: 1, key: "A-1" }, { id: 2, key: "A-2" }])?.field, "id");
    assert.equal(findPrimaryKey([{ key: "A-1", id: 1 }, { key: "A-2", id: 1 }])?.field, "key", "id repeats, key does not");
    assert.equal(findPrimaryKey([{ name: "a" }, { name: "b" }]), undefined);
    assert.match(findPrimaryKey([{ id: 1 }])!.evidence, /one record only/);
  });

  it("finds the page size in the query, the JSON body or the next page's URL", () => {
    assert.deepEqual(findPageSize(response({}, "https://h/users?$top=10")), { parameter: "$top", size: 10, injectInto: "request_parameter", inRequest: true, evidence: "$top=10 in the request's query (kept there)" });
    assert.equal(findPageSize(response({}, "https://h/q", { page_size: 25 }))?.injectInto, "body_json");
    const next = findPageSize(response({ tickets: [], next_page: "https://h/tickets.json?page=2&per_page=100" }));
    assert.deepEqual([next?.parameter, next?.size, next?.inRequest], ["per_page", 100, false]);
  });

  it("says what it could not decide for a response with nothing to go on", () => {
    const proposal = proposeStream(response({ status: "ok" }));
    assert.deepEqual(proposal.undecided, [
      "where the records are: the body holds no array of objects",
      "the pagination: the first response shows no next page (no Link header, next URL, cursor, has-more flag or total); it may be the only page",
    ]);
  });

  it("adds the page size found in a next URL to a cursor paginator, and none the request already sends", () => {
    const fromNext = proposeStream(response({ items: [{ id: 1 }], next_cursor: "c2", next: "https://h/items?limit=50&cursor=c2" }));
    assert.equal(fromNext.pagination?.kind, "body-next-url");
    assert.deepEqual(fromNext.pagination?.candidates[0]?.paginator.page_size_option, { type: "RequestOption", inject_into: "request_parameter", field_name: "limit" });
    assert.equal((fromNext.pagination?.candidates[0]?.paginator.pagination_strategy as { page_size: number }).page_size, 50);
    const cursor = proposeStream(response({ items: [{ id: 1 }], next_cursor: "c2" }, "https://h/items?limit=50"));
    assert.equal(cursor.pagination?.candidates[0]?.paginator.page_size_option, undefined, "limit stays in the request");
    const jira = proposeStream(response({ startAt: 0, maxResults: 1, total: 3, issues: [{ id: "1" }] }, "https://h/search?maxResults=1"));
    assert.equal(jira.pagination?.candidates[0]?.paginator.page_size_option, undefined, "maxResults stays in the request");
  });
});
