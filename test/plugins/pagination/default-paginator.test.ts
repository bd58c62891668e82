import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DefaultPaginator } from "../../../plugins/pagination/default-paginator.js";
import { NoPagination } from "../../../plugins/pagination/no-pagination.js";
import { PaginationStrategy, type HttpResponse, type OutgoingRequest, type Paginator, type SluiceError } from "../../../sdk/index.js";
import { buildComponent, facts, fakeResponse } from "./helpers.js";

const request = (method: OutgoingRequest["method"] = "GET"): OutgoingRequest => ({ method, url: "http://127.0.0.1/v1/items", params: {}, headers: {} });
const build = (def: Record<string, unknown>, config: Record<string, unknown> = {}) =>
  buildComponent<DefaultPaginator>({ type: "DefaultPaginator", ...def }, { config });
const option = (inject_into: string, field_name: string) => ({ type: "RequestOption", inject_into, field_name });

describe("DefaultPaginator", () => {
  it("injects the page size into every request, the first one included, and the token once there is one", async () => {
    const paginator = await build({
      pagination_strategy: { type: "OffsetIncrement", page_size: 2 },
      page_size_option: { inject_into: "request_parameter", field_name: "limit" },
      page_token_option: option("request_parameter", "offset"),
    });
    const first = request();
    paginator.applyToRequest(first, paginator.initialToken);
    assert.deepEqual(first.params, { limit: 2 });
    const next = paginator.nextPageToken(facts(fakeResponse({}), 2, undefined, undefined));
    const second = request();
    paginator.applyToRequest(second, next);
    assert.deepEqual(second.params, { offset: 2, limit: 2 });
  });

  it("injects an initial token of 0 (offset=0 on the first request)", async () => {
    const paginator = await build({
      pagination_strategy: { type: "OffsetIncrement", page_size: 10, inject_on_first_request: true },
      page_token_option: option("request_parameter", "offset"),
    });
    const first = request();
    paginator.applyToRequest(first, paginator.initialToken);
    assert.deepEqual(first.params, { offset: 0 });
  });

  it("puts the page size as a number into a nested JSON body and as a string into a header", async () => {
    const paginator = await build({
      pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next_cursor }}", page_size: 2 },
      page_size_option: { inject_into: "body_json", field_path: ["page", "size"] },
      page_token_option: option("header", "X-Cursor"),
    });
    const sent = request("POST");
    paginator.applyToRequest(sent, "abc");
    assert.deepEqual(sent.bodyJson, { page: { size: 2 } });
    assert.deepEqual(sent.headers, { "X-Cursor": "abc" });
    const headerSize = await build({
      pagination_strategy: { type: "PageIncrement", page_size: 25 },
      page_size_option: option("header", "X-Per-Page"),
    });
    const withHeader = request();
    headerSize.applyToRequest(withHeader, undefined);
    assert.equal(withHeader.headers["X-Per-Page"], "25");
  });

  it("puts the token into a form body", async () => {
    const paginator = await build({
      pagination_strategy: { type: "OffsetIncrement", page_size: 5 },
      page_size_option: option("body_data", "count"),
      page_token_option: option("body_data", "offset"),
    });
    const sent = request("POST");
    paginator.applyToRequest(sent, 10);
    assert.deepEqual(sent.bodyData, { offset: 10, count: 5 });
  });

  it("ends on any falsy token the strategy returns (None, False, 0, \"\", [], {})", () => {
    class Fixed extends PaginationStrategy {
      constructor(private readonly value: unknown) { super(); }
      nextPageToken() { return this.value; }
    }
    for (const value of [undefined, null, false, 0, "", [], {}]) {
      assert.equal(new DefaultPaginator({ strategy: new Fixed(value) }).nextPageToken(facts(fakeResponse({}), 1, undefined, "t")), undefined, `token ${JSON.stringify(value)}`);
    }
    for (const value of ["t2", 1, [0], { a: 1 }]) {
      assert.deepEqual(new DefaultPaginator({ strategy: new Fixed(value) }).nextPageToken(facts(fakeResponse({}), 1, undefined, "t")), value);
    }
  });

  it("ends when a cursor template renders empty, 0 or None", async () => {
    const paginator = await build({ pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" } });
    for (const next of ["", 0, "0", null, "None"]) {
      assert.equal(paginator.nextPageToken(facts(fakeResponse(next === null ? {} : { next }), 1, undefined, "t")), undefined, `next=${JSON.stringify(next)}`);
    }
    assert.equal(paginator.nextPageToken(facts(fakeResponse({ next: "t2" }), 1, undefined, "t")), "t2");
  });

  it("with RequestPath makes the token the next path and does not inject it, but still injects the page size", async () => {
    const paginator = await build({
      pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.nextRecordsUrl }}", page_size: 3 },
      page_size_option: option("request_parameter", "limit"),
      page_token_option: { type: "RequestPath" },
    });
    assert.equal(paginator.pagePath(undefined), undefined);
    assert.equal(paginator.pagePath("/services/data/v59.0/query/01gD-2000"), "/services/data/v59.0/query/01gD-2000");
    const sent = request();
    paginator.applyToRequest(sent, "/services/data/v59.0/query/01gD-2000");
    assert.deepEqual(sent.params, { limit: 3 });
  });

  it("without page_token_option injects no token (templates read it as next_page_token)", async () => {
    const paginator = await build({ pagination_strategy: { type: "PageIncrement", start_from_page: 1, inject_on_first_request: true } });
    const sent = request();
    paginator.applyToRequest(sent, 2);
    assert.deepEqual(sent, request());
    assert.equal(paginator.pagePath(2), undefined);
  });

  it("passes the raw record count to the strategy", async () => {
    const paginator = await build({ pagination_strategy: { type: "OffsetIncrement", page_size: 4 } });
    assert.equal(paginator.nextPageToken(facts(fakeResponse({}), 1, undefined, 4, { rawCount: 4 })), 8);
    assert.equal(paginator.nextPageToken(facts(fakeResponse({}), 1, undefined, 4)), undefined);
  });

  it("refuses a page_size_option when the strategy has no page size", async () => {
    await assert.rejects(
      build({ pagination_strategy: { type: "PageIncrement" }, page_size_option: option("request_parameter", "limit") }),
      (e: SluiceError) => e.code === "PAGINATION_PAGE_SIZE_MISSING" && e.where.manifestPath === "streams[0].retriever.paginator.page_size_option",
    );
  });

  it("refuses a page size and a token that would land in the same field", async () => {
    await assert.rejects(
      build({
        pagination_strategy: { type: "PageIncrement", page_size: 10 },
        page_size_option: option("request_parameter", "page"),
        page_token_option: option("request_parameter", "page"),
      }),
      (e: SluiceError) => e.code === "PAGINATION_OPTION_COLLISION" && /page/.test(e.found ?? ""),
    );
  });

  it("refuses a pagination_strategy that is not a PaginationStrategy", async () => {
    await assert.rejects(build({ pagination_strategy: { type: "NoPagination" } }), (e: SluiceError) => e.code === "MANIFEST_INVALID");
  });
});

describe("a plugin's strategy written in the kit's positional form (before the facts object)", () => {
  class LegacyTotalPages extends PaginationStrategy {
    seen: unknown[] = [];
    override get initialToken() {
      return 0;
    }
    // @ts-expect-error the positional form a plugin written before PageFacts has; the paginator adapts it
    nextPageToken(response: { json(): unknown }, lastPageSize: number, lastRecord: unknown, lastToken: unknown, page?: { rawRecordCount?: number }) {
      this.seen.push([lastPageSize, lastRecord, lastToken, page?.rawRecordCount]);
      const next = Number(lastToken ?? 0) + 1;
      return next < (response.json() as { total_pages: number }).total_pages ? next : undefined;
    }
    explainStop(_response: unknown, lastPageSize: number) {
      return `no page after ${lastPageSize} records`;
    }
  }

  it("is called with the positional arguments, and explains its stop by its explainStop under its own name", () => {
    const strategy = new LegacyTotalPages();
    const paginator = new DefaultPaginator({ strategy: strategy as unknown as PaginationStrategy });
    assert.equal(paginator.initialToken, 0);
    assert.equal(paginator.nextPageToken(facts(fakeResponse({ total_pages: 3 }), 5, { id: 5 }, 0, { rawCount: 7 })), 1);
    assert.equal(paginator.nextPageToken(facts(fakeResponse({ total_pages: 3 }), 5, { id: 5 }, 2)), undefined);
    assert.deepEqual(strategy.seen[0], [5, { id: 5 }, 0, 7]);
    assert.equal(paginator.stopReason(facts(fakeResponse({}), 5)), "no page after 5 records");
  });

  it("names its class when it cannot explain a stop", () => {
    class Silent extends PaginationStrategy {
      nextPageToken(_response: HttpResponse, _size: number) {
        return undefined;
      }
    }
    assert.equal(new DefaultPaginator({ strategy: new Silent() as unknown as PaginationStrategy }).stopReason(facts(fakeResponse({}), 0)), "Silent returned no next token");
  });
});

describe("NoPagination", () => {
  it("reads one page and touches nothing in the request", async () => {
    const paginator: Paginator = await buildComponent<NoPagination>({ type: "NoPagination" });
    assert.ok(paginator instanceof NoPagination);
    const sent = request();
    paginator.applyToRequest(sent, undefined);
    assert.deepEqual(sent, request());
    assert.equal(paginator.initialToken, undefined);
    assert.equal(paginator.nextPageToken(facts(fakeResponse({ next: "x" }), 10, undefined, undefined)), undefined);
    assert.equal(paginator.pagePath("x"), undefined);
  });
});
