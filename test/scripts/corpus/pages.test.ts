import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createInterpolator } from "../../../templates/index.js";
import { buildPage, type PageContext } from "../../../scripts/corpus/mock/pages.js";
import type { StreamModel } from "../../../scripts/corpus/mock/stream-model.js";

const ctx: PageContext = { origin: "https://api.example.com", path: "/v1/items", config: {}, interpolator: createInterpolator() };

function model(strategy: Record<string, unknown>, fieldPath: string[] = ["data"]): StreamModel {
  return {
    name: "items",
    path: "/items",
    fieldPath,
    extractor: "DpathExtractor",
    parameters: {},
    paginator: { type: "DefaultPaginator", page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "t" }, pagination_strategy: strategy },
    sendsToken: true,
    properties: { id: { type: "string" } },
    keyFields: [["id"]],
    filterValues: [],
  };
}

describe("buildPage: pages shaped for the paginator, checked with the real interpolator", () => {
  it("CursorPagination: a token where cursor_value reads it on page 1, the stop signal on page 2", () => {
    const m = model({ type: "CursorPagination", cursor_value: "{{ response.meta.next }}", stop_condition: "{{ response.meta.has_more is false }}" });
    const first = buildPage(m, 1, ctx);
    const body = first.body as { data: unknown[]; meta: { next: string; has_more: unknown } };
    assert.equal(body.data.length, 2);
    assert.equal(first.nextTokens.length, 1);
    assert.equal(body.meta.next, first.nextTokens[0]);
    assert.match(first.nextTokens[0]!, /^https:\/\/api\.example\.com\/v1\/items\?sluice_page=2/);
    const second = buildPage(m, 2, ctx);
    assert.deepEqual(second.nextTokens, []);
    const stop = ctx.interpolator.compile("{{ response.meta.has_more is false or not response.meta.next }}", { path: "t", names: ["response"] });
    assert.equal(stop.test({ response: second.body }), true);
  });

  it("CursorPagination on a page number and a page count (current_page | int + 1, count_pages == current_page)", () => {
    const m = model({ type: "CursorPagination", cursor_value: "{{ response.paging.current_page | int + 1 }}", stop_condition: "{{ response.paging.count_pages == response.paging.current_page }}" });
    assert.deepEqual(buildPage(m, 1, ctx).nextTokens, ["2"]);
    assert.deepEqual(buildPage(m, 2, ctx).nextTokens, []);
  });

  it("CursorPagination on the last record and a Link header", () => {
    const byRecord = buildPage(model({ type: "CursorPagination", cursor_value: "{{ last_record['id'] }}" }), 1, ctx);
    assert.deepEqual(byRecord.nextTokens, ["r1-2"]);
    const byLink = buildPage(model({ type: "CursorPagination", cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.get('link', {}) }}" }), 1, ctx);
    assert.match(byLink.headers.Link ?? "", /^<https:\/\/api\.example\.com\/v1\/items\?sluice_page=2.*>; rel="next"$/);
  });

  it("OffsetIncrement and PageIncrement: a full first page, a short last one, the next offset or page as token", () => {
    const offset = buildPage(model({ type: "OffsetIncrement", page_size: 50 }), 1, ctx);
    assert.equal(offset.records, 50);
    assert.deepEqual(offset.nextTokens, ["50"]);
    assert.equal(buildPage(model({ type: "OffsetIncrement", page_size: 50 }), 2, ctx).records, 1);
    assert.deepEqual(buildPage(model({ type: "PageIncrement", page_size: 10, start_from_page: 1 }), 1, ctx).nextTokens, ["2"]);
  });

  it("a * step in field_path gives one key per record, so the records are matched across the object", () => {
    const page = buildPage(model({ type: "CursorPagination", cursor_value: "{{ response.next }}" }, ["*", "customer"]), 2, ctx);
    assert.deepEqual(Object.keys(page.body as object), ["0", "1"]);
  });

  it("a paginator that cannot send its token gets a single, last page", () => {
    const m = { ...model({ type: "OffsetIncrement", page_size: 50 }), sendsToken: false };
    assert.deepEqual(buildPage(m, 1, ctx).nextTokens, []);
  });
});
