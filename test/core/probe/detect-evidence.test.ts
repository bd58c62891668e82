import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { detectPagination } from "../../../core/probe/detect-pagination.js";
import { parameterNames } from "../../../core/probe/evidence/cursor-has-more.js";
import { nextLink } from "../../../core/probe/evidence/link-header.js";
import type { PaginationGuess } from "../../../core/probe/pagination-guess.js";
import type { ProbeResponse } from "../../../core/probe/probe-response.js";
import { findRecordPath } from "../../../core/probe/record-path.js";

/** A first response for the detectors, as the probe hands it over. */
function response(body: unknown, options: { url?: string; headers?: Record<string, string>; requestBody?: unknown } = {}): ProbeResponse {
  return { request: { method: options.requestBody ? "POST" : "GET", url: options.url ?? "https://api.example.com/v1/items", body: options.requestBody ?? null }, status: 200, headers: options.headers ?? {}, body };
}

function detect(probe: ProbeResponse, primaryKey = "id"): PaginationGuess | undefined {
  return detectPagination({ response: probe, records: findRecordPath(probe.body), primaryKey });
}

function strategy(guess: PaginationGuess | undefined, index = 0): Record<string, unknown> {
  return guess!.candidates[index]!.paginator.pagination_strategy as Record<string, unknown>;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe("pagination evidence", () => {
  it("a Link header's rel=next wins, followed as the request path", () => {
    const guess = detect(response(ids(3), { headers: { link: '<https://api.github.com/x?page=4>; rel="last", <https://api.github.com/x?page=2>; rel="next"' } }));
    assert.equal(guess?.kind, "link-header");
    assert.deepEqual(guess!.candidates[0]!.paginator.page_token_option, { type: "RequestPath" });
    assert.equal(strategy(guess).cursor_value, "{{ headers.link.next.url }}");
    assert.equal(nextLink('<https://h/a?p=2>; rel="prev next"'), "https://h/a?p=2");
    assert.equal(nextLink('<https://h/a?p=1>; rel="prev"'), undefined);
  });

  it("OData's @odata.nextLink is followed until it is missing", () => {
    const guess = detect(response({ value: ids(2), "@odata.nextLink": "https://graph.microsoft.com/v1.0/users?$skiptoken=X" }));
    assert.equal(guess?.kind, "odata-next-link");
    assert.equal(strategy(guess).stop_condition, "{{ not response.get('@odata.nextLink') }}");
  });

  it("a next URL in the body, absolute or from the host's root, is followed; a key not named next is not", () => {
    assert.equal(detect(response({ tickets: ids(2), next_page: "https://x.zendesk.com/api/v2/tickets.json?page=2" }))?.kind, "body-next-url");
    const salesforce = detect(response({ done: false, nextRecordsUrl: "/services/data/v58.0/query/01g-2000", records: ids(2) }));
    assert.equal(strategy(salesforce).cursor_value, "{{ response.get('nextRecordsUrl') }}");
    assert.equal(detect(response({ object: "list", url: "/v1/customers", data: ids(2) })), undefined);
  });

  it("a nested cursor gets a template that tolerates a missing key, and parameter names to try", () => {
    const guess = detect(response({ results: ids(2), paging: { next: { after: "NTI1Cg" } } }));
    assert.equal(guess?.kind, "cursor");
    assert.equal(strategy(guess).cursor_value, "{{ response.get('paging', {}).get('next', {}).get('after') }}");
    assert.equal((guess!.candidates[0]!.paginator.page_token_option as { field_name: string }).field_name, "after");
    assert.deepEqual(parameterNames(["response_metadata", "next_cursor"]), ["cursor", "next_cursor", "start_cursor", "after", "page_token", "pageToken"]);
    assert.deepEqual(parameterNames(["nextPageToken"]).slice(0, 2), ["pageToken", "nextPageToken"]);
  });

  it("a cursor beside a has-more flag stops on either; a POST sends it in the body", () => {
    const guess = detect(response({ object: "list", results: ids(2), next_cursor: "abc", has_more: true }, { requestBody: { page_size: 2 } }));
    assert.equal(strategy(guess).stop_condition, "{{ not response.get('has_more') or not response.get('next_cursor') }}");
    assert.equal((guess!.candidates[0]!.paginator.page_token_option as { inject_into: string }).inject_into, "body_json");
  });

  it("an empty cursor on a last page is no evidence of a next one", () => {
    assert.equal(detect(response({ ok: true, members: ids(2), response_metadata: { next_cursor: "" } })), undefined);
  });

  it("has_more alone pages with the last record's id, starting_after first; false or no id leaves it undecided", () => {
    const guess = detect(response({ object: "list", data: ids(3), has_more: true }));
    assert.equal(guess?.kind, "last-id");
    assert.equal(strategy(guess).cursor_value, "{{ last_record['id'] }}");
    assert.equal((guess!.candidates[0]!.paginator.page_token_option as { field_name: string }).field_name, "starting_after");
    assert.match(detect(response({ data: ids(3), has_more: false }))!.undecided[0]!, /has_more is false on the first page/);
    assert.match(detect(response({ data: [{ name: "a" }], has_more: true }), "")!.undecided[0]!, /no id-like field/);
  });

  it("offset, size and total page by the answered size, the parameters named as the body names them", () => {
    const guess = detect(response({ startAt: 0, maxResults: 2, total: 5, issues: ids(2) }));
    assert.equal(guess?.kind, "offset");
    assert.deepEqual(strategy(guess), { type: "OffsetIncrement", page_size: 2 });
    assert.equal((guess!.candidates[0]!.paginator.page_token_option as { field_name: string }).field_name, "startAt");
    assert.match(detect(response({ offset: 0, limit: 10, total: 2, data: ids(2) }))!.undecided[0]!, /held every record/);
  });

  it("a total beside the request's page size tries the offset's parameter names by reading", () => {
    const guess = detect(response({ data: ids(2), total: 5 }, { url: "https://h/v1/users?limit=2" }));
    assert.equal(guess?.kind, "offset");
    assert.deepEqual(guess!.candidates.map((c) => (c.paginator.page_token_option as { field_name: string }).field_name), ["offset", "skip", "start", "startAt", "from"]);
    assert.deepEqual(strategy(guess), { type: "OffsetIncrement", page_size: 2 });
    assert.equal(detect(response({ data: ids(2), total: 2 }, { url: "https://h/v1/users?limit=2" })), undefined, "the first page held the total");
  });

  it("a page number with a full first page of the asked size pages by number", () => {
    const guess = detect(response({ orders: ids(3), page: 1 }, { url: "https://h/v1/orders?per_page=3" }));
    assert.equal(guess?.kind, "page");
    assert.match(guess!.evidence, /page: 1 in the body and a full first page \(3 records, per_page=3\)/);
    assert.equal(detect(response({ orders: ids(2), page: 1 }, { url: "https://h/v1/orders?per_page=3" })), undefined, "a short first page is the only one");
  });

  it("page, per_page and total_pages page from the first page's number", () => {
    const guess = detect(response({ page: 1, per_page: 6, total: 12, total_pages: 2, data: ids(6) }));
    assert.equal(guess?.kind, "page");
    assert.deepEqual(strategy(guess), { type: "PageIncrement", page_size: 6, start_from_page: 1 });
    assert.match(detect(response({ page: 2, per_page: 6, total_pages: 2, data: ids(6) }))!.undecided[0]!, /the first page was the last/);
  });

  it("a GraphQL connection's end cursor goes into the query's after variable; without one, it says what to add", () => {
    const body = { data: { repo: { issues: { edges: [{ node: { id: "a" } }], pageInfo: { endCursor: "Y3", hasNextPage: true } } } } };
    const guess = detect(response(body, { requestBody: { query: "query($cursor: String) { repo { issues(first: 1, after: $cursor) { edges { node { id } } } } }" } }));
    assert.equal(guess?.kind, "graphql-page-info");
    assert.deepEqual(guess!.candidates[0]!.paginator.page_token_option, { type: "RequestOption", inject_into: "body_json", field_path: ["variables", "cursor"] });
    const without = detect(response(body, { requestBody: { query: "{ repo { issues(first: 1) { edges { node { id } } } } }" } }));
    assert.deepEqual(without!.candidates, []);
    assert.match(without!.undecided[0]!, /no `after: \$variable`/);
    const preset = detect(response(body, { requestBody: { query: "query($after: String) { x(after: $after) { id } }", variables: { after: null } } }));
    assert.match(preset!.undecided[0]!, /already set after/);
  });
});
