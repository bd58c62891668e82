import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PageIncrement } from "../../../plugins/pagination/page-increment.js";
import type { SluiceError } from "../../../sdk/index.js";
import { buildComponent, facts, fakeResponse } from "./helpers.js";

const page = (n: number) => fakeResponse({ items: Array.from({ length: n }, (_, i) => ({ id: i })) });
const build = (def: Record<string, unknown>, config: Record<string, unknown> = {}) =>
  buildComponent<PageIncrement>({ type: "PageIncrement", ...def }, { config, path: "streams[0].retriever.paginator.pagination_strategy" });

describe("PageIncrement", () => {
  it("starts from page 0 by default and asks for page 1 next", async () => {
    const strategy = await build({ page_size: 2 });
    assert.equal(strategy.initialToken, undefined);
    assert.equal(strategy.nextPageToken(facts(page(2), 2, undefined, undefined)), 1);
  });

  it("injects start_from_page on the first request when asked, then counts up by one", async () => {
    const strategy = await build({ page_size: 2, start_from_page: 1, inject_on_first_request: true });
    assert.equal(strategy.initialToken, 1);
    assert.equal(strategy.nextPageToken(facts(page(2), 2, undefined, 1)), 2);
    assert.equal(strategy.nextPageToken(facts(page(2), 2, undefined, 2)), 3);
  });

  it("without inject_on_first_request the second page is start_from_page + 1", async () => {
    const strategy = await build({ page_size: 2, start_from_page: 1 });
    assert.equal(strategy.initialToken, undefined);
    assert.equal(strategy.nextPageToken(facts(page(2), 2, undefined, undefined)), 2);
  });

  it("stops on a short page and on an empty page", async () => {
    const strategy = await build({ page_size: 3 });
    assert.equal(strategy.nextPageToken(facts(page(2), 2, undefined, 4)), undefined);
    assert.equal(strategy.nextPageToken(facts(page(0), 0, undefined, 4)), undefined);
    const noSize = await build({});
    assert.equal(noSize.nextPageToken(facts(page(1), 1, undefined, 4)), 5);
    assert.equal(noSize.nextPageToken(facts(page(0), 0, undefined, 5)), undefined);
  });

  it("counts raw records, so a record filter does not end pagination early", async () => {
    const strategy = await build({ page_size: 3 });
    assert.equal(strategy.nextPageToken(facts(page(3), 0, undefined, 2, { rawCount: 3 })), 3);
  });

  it("accepts page_size as a number, a digit string or a config template", async () => {
    assert.equal((await build({ page_size: 25 })).getPageSize(), 25);
    assert.equal((await build({ page_size: "30" })).getPageSize(), 30);
    assert.equal((await build({ page_size: "{{ config['per_page'] }}" }, { per_page: 40 })).getPageSize(), 40);
  });

  it("refuses at build a page_size that is not an integer, naming the field", async () => {
    await assert.rejects(
      build({ page_size: "not-an-integer" }),
      (e: SluiceError) => e.code === "PAGINATION_PAGE_SIZE_INVALID" && e.where.manifestPath!.endsWith("pagination_strategy.page_size") && /not-an-integer/.test(e.found ?? ""),
    );
  });

  it("refuses a previous token that is not an integer", () => {
    assert.throws(() => new PageIncrement({ pageSize: 1 }).nextPageToken(facts(page(1), 1, undefined, "3")), (e: SluiceError) => e.code === "PAGINATION_TOKEN_INVALID");
  });
});
