import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CursorPagination } from "../../../plugins/pagination/cursor-pagination.js";
import { buildComponent, facts, fakeResponse } from "./helpers.js";

const build = (def: Record<string, unknown>, config: Record<string, unknown> = {}) =>
  buildComponent<CursorPagination>({ type: "CursorPagination", ...def }, { config, path: "streams[0].retriever.paginator.pagination_strategy" });

describe("CursorPagination", () => {
  it("reads the cursor from the body (Slack-style response_metadata.next_cursor)", async () => {
    const strategy = await build({ cursor_value: "{{ response.response_metadata.next_cursor }}" });
    assert.equal(strategy.initialToken, undefined);
    const body = fakeResponse({ ok: true, members: [{ id: "U1" }], response_metadata: { next_cursor: "dXNlcjpVMEc5V0ZYTlo=" } });
    assert.equal(strategy.nextPageToken(facts(body, 1, { id: "U1" }, undefined)), "dXNlcjpVMEc5V0ZYTlo=");
  });

  it("stops when the cursor renders empty (Slack's last page has next_cursor \"\")", async () => {
    const strategy = await build({ cursor_value: "{{ response.response_metadata.next_cursor }}" });
    const body = fakeResponse({ ok: true, members: [{ id: "U9" }], response_metadata: { next_cursor: "" } });
    assert.equal(strategy.nextPageToken(facts(body, 1, { id: "U9" }, "abc")), undefined);
  });

  it("stops when the stop condition holds, before evaluating the cursor (Stripe-style has_more)", async () => {
    const strategy = await build({ cursor_value: "{{ last_record['id'] }}", stop_condition: "{{ not response.has_more }}" });
    const more = fakeResponse({ object: "list", data: [{ id: "cus_1" }, { id: "cus_2" }], has_more: true });
    assert.equal(strategy.nextPageToken(facts(more, 2, { id: "cus_2" }, undefined)), "cus_2");
    const last = fakeResponse({ object: "list", data: [{ id: "cus_3" }], has_more: false });
    assert.equal(strategy.nextPageToken(facts(last, 1, { id: "cus_3" }, "cus_2")), undefined);
  });

  it("applies the literal step: a numeric cursor becomes a number, and \"0\" ends the read", async () => {
    const strategy = await build({ cursor_value: "{{ response.next }}" });
    assert.equal(strategy.nextPageToken(facts(fakeResponse({ next: "123" }), 1, undefined, undefined)), 123);
    assert.equal(strategy.nextPageToken(facts(fakeResponse({ next: 0 }), 1, undefined, undefined)), undefined);
  });

  it("sees the first element of a top-level array as response", async () => {
    const strategy = await build({ cursor_value: "{{ response.next_id }}" });
    assert.equal(strategy.nextPageToken(facts(fakeResponse([{ next_id: "a" }, { next_id: "b" }]), 2, undefined, undefined)), "a");
    assert.equal(strategy.nextPageToken(facts(fakeResponse([]), 0, undefined, undefined)), undefined);
  });

  it("sees an empty object as response when the body is not JSON", async () => {
    const strategy = await build({ cursor_value: "{{ response.next or headers['X-Next'] }}" });
    assert.equal(strategy.nextPageToken(facts(fakeResponse("<html>oops</html>", { "X-Next": "h1" }), 0, undefined, undefined)), "h1");
  });

  it("reads a header under any casing", async () => {
    const strategy = await build({ cursor_value: "{{ headers['x-next-cursor'] }}" });
    const response = fakeResponse({ data: [] }, { "X-Next-Cursor": "c2" });
    assert.equal(strategy.nextPageToken(facts(response, 1, undefined, undefined)), "c2");
    const exact = await build({ cursor_value: "{{ headers['X-Next-Cursor'] }}" });
    assert.equal(exact.nextPageToken(facts(response, 1, undefined, undefined)), "c2");
  });

  it("reads the next URL of the parsed Link header, and stops when there is no next link (GitHub-style)", async () => {
    const strategy = await build({ cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.link }}" });
    const next = "https://api.github.com/user/repos?page=3";
    const withNext = fakeResponse([{ id: 1 }], { Link: `<${next}>; rel="next"` }, { next: { url: next, rel: "next" } });
    assert.equal(strategy.nextPageToken(facts(withNext, 1, undefined, undefined)), next);
    const lastPage = fakeResponse([{ id: 9 }], { Link: '<https://api.github.com/user/repos?page=1>; rel="first"' }, { first: { url: "x", rel: "first" } });
    assert.equal(strategy.nextPageToken(facts(lastPage, 1, undefined, next)), undefined);
  });

  it("sees extra Link parameters (Sentry-style results=\"false\" ends the read)", async () => {
    const strategy = await build({ cursor_value: "{{ headers.link.next.cursor }}", stop_condition: "{{ headers.link.next.results == 'false' }}" });
    const more = fakeResponse([], {}, { next: { url: "u", rel: "next", results: "true", cursor: "0:100:0" } });
    assert.equal(strategy.nextPageToken(facts(more, 100, undefined, undefined)), "0:100:0");
    const done = fakeResponse([], {}, { next: { url: "u", rel: "next", results: "false", cursor: "0:200:0" } });
    assert.equal(strategy.nextPageToken(facts(done, 100, undefined, "0:100:0")), undefined);
  });

  it("offers last_page_size and last_records (the page's records, a Sluice extra)", async () => {
    const strategy = await build({ cursor_value: "{{ (last_records | last).id }}", stop_condition: "{{ last_page_size < 2 }}" });
    const records = [{ id: "r1" }, { id: "r2" }];
    assert.equal(strategy.nextPageToken(facts(fakeResponse({}), 2, records[1], undefined, { records })), "r2");
    assert.equal(strategy.nextPageToken(facts(fakeResponse({}), 1, records[0], "r2", { records: [records[0]!] })), undefined);
  });

  it("evaluates a page_size template once at build and reports it", async () => {
    const strategy = await build({ cursor_value: "{{ response.next }}", page_size: "{{ config['limit'] }}" }, { limit: 50 });
    assert.equal(strategy.getPageSize(), 50);
  });
});
