import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { OffsetIncrement } from "../../../plugins/pagination/offset-increment.js";
import type { SluiceError } from "../../../sdk/index.js";
import { buildComponent, facts, fakeResponse } from "./helpers.js";

const page = (n: number) => fakeResponse({ data: Array.from({ length: n }, (_, i) => ({ id: i })) });
const build = (def: Record<string, unknown>, config: Record<string, unknown> = {}) =>
  buildComponent<OffsetIncrement>({ type: "OffsetIncrement", ...def }, { config, path: "streams[0].retriever.paginator.pagination_strategy" });

describe("OffsetIncrement", () => {
  it("has no initial token unless inject_on_first_request, then 0", async () => {
    assert.equal((await build({ page_size: 2 })).initialToken, undefined);
    assert.equal((await build({ page_size: 2, inject_on_first_request: true })).initialToken, 0);
  });

  it("makes the first next offset the number of records page 1 returned", async () => {
    const strategy = await build({ page_size: 2 });
    assert.equal(strategy.nextPageToken(facts(page(2), 2, { id: 1 }, undefined)), 2);
  });

  it("adds the records returned to the previous offset, not the page size", async () => {
    const strategy = await build({ page_size: 3 });
    assert.equal(strategy.nextPageToken(facts(page(3), 3, undefined, 3)), 6);
    const noSize = await build({});
    assert.equal(noSize.nextPageToken(facts(page(7), 7, undefined, 10)), 17);
  });

  it("stops on a page shorter than page_size, and on an empty page", async () => {
    const strategy = await build({ page_size: 3 });
    assert.equal(strategy.nextPageToken(facts(page(2), 2, undefined, 6)), undefined);
    assert.equal(strategy.nextPageToken(facts(page(0), 0, undefined, 6)), undefined);
  });

  it("without page_size stops only on an empty page", async () => {
    const strategy = await build({});
    assert.equal(strategy.nextPageToken(facts(page(1), 1, undefined, 0)), 1);
    assert.equal(strategy.nextPageToken(facts(page(0), 0, undefined, 1)), undefined);
    assert.equal(strategy.getPageSize(), undefined);
  });

  it("counts the raw records before filtering when the retriever passes them", async () => {
    const strategy = await build({ page_size: 3 });
    // 3 records extracted, 1 kept by a filter: not a short page, and the offset moves by 3
    assert.equal(strategy.nextPageToken(facts(page(3), 1, undefined, 3, { rawCount: 3 })), 6);
  });

  it("evaluates a page_size template from config, and from the response when deciding the next page", async () => {
    const fromConfig = await build({ page_size: "{{ config['page_size'] }}" }, { page_size: 4 });
    assert.equal(fromConfig.getPageSize(), 4);
    assert.equal(fromConfig.nextPageToken(facts(page(3), 3, undefined, 4)), undefined);
    const fromResponse = await build({ page_size: "{{ response.meta.limit }}" });
    const body = fakeResponse({ meta: { limit: 2 }, data: [{}, {}] });
    assert.equal(fromResponse.nextPageToken(facts(body, 2, undefined, 2)), 4);
    const shortBody = fakeResponse({ meta: { limit: 5 }, data: [{}, {}] });
    assert.equal(fromResponse.nextPageToken(facts(shortBody, 2, undefined, 2)), undefined);
  });

  it("refuses a previous token that is not an integer", async () => {
    const strategy = await build({ page_size: 1 });
    assert.throws(() => strategy.nextPageToken(facts(page(1), 1, undefined, "abc")), (e: SluiceError) => e.code === "PAGINATION_TOKEN_INVALID" && /abc/.test(e.found ?? ""));
  });

  it("refuses a page_size that does not render an integer, naming the field", async () => {
    const strategy = await build({ page_size: "{{ config['size'] }}" }, { size: "lots" });
    assert.throws(
      () => strategy.getPageSize(),
      (e: SluiceError) => e.code === "PAGINATION_PAGE_SIZE_INVALID" && e.where.manifestPath === "streams[0].retriever.paginator.pagination_strategy.page_size",
    );
  });

  it("works without any constructor argument, as a custom subclass would use it", () => {
    const strategy = new OffsetIncrement();
    assert.equal(strategy.initialToken, undefined);
    assert.equal(strategy.nextPageToken(facts(page(5), 5, undefined, undefined)), 5);
  });
});
