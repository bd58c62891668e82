/**
 * What a `break` really costs (docs/sdk.md promises exactly this): the page being handed out when the
 * consumer stops may already have its next page's request on the wire (the read-ahead); that one request is
 * aborted, and nothing after it is sent.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { Fetch } from "../../sdk/index.js";
import { countingFetch } from "../support/counting-fetch.js";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";

describe("stopping a read early", () => {
  let api: Loopback;
  const manifest = () => ({
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["items"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "items",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: api.url, path: "/items" },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
          paginator: { type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", page_size: 10, start_from_page: 1 }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" } },
        },
        schema_loader: { type: "InlineSchemaLoader", schema: {} },
      },
    ],
  });
  before(async () => {
    api = await startLoopback();
    api.route("/items", (req, res) => {
      const page = Number(req.query.get("page"));
      json(res, 200, { data: Array.from({ length: 10 }, (_, i) => ({ id: page * 10 + i })) });
    });
  });
  after(() => api.close());

  it("a break in the first page's records sends at most the one read-ahead request after it", async () => {
    // Counted as the connector sends them, once every one has been answered or aborted: a request still on
    // the wire when the test asserts counts too (the server's log alone would miss it).
    const counting = countingFetch();
    const connector = await createSluice().register(Fetch, counting.fetch).connect({ manifest: manifest(), config: {} });
    for await (const record of connector.read("items")) if (record.id === 12 || record.id === 3) break;
    await counting.settled();
    const pages = counting.sent.map((url) => new URL(url).searchParams.get("page"));
    assert.ok(pages.length >= 1 && pages.length <= 2, `pages requested: ${pages.join(", ")}`);
    assert.deepEqual(pages, [null, "2"].slice(0, pages.length), "the first page (no page parameter on the first request), then page 2 read ahead");
  });

  it("check() reads the first page of the checked stream, plus at most the read-ahead request", async () => {
    const counting = countingFetch();
    const connector = await createSluice().register(Fetch, counting.fetch).connect({ manifest: manifest(), config: {} });
    assert.deepEqual(await connector.check(), { ok: true });
    await counting.settled();
    assert.ok(counting.sent.length >= 1 && counting.sent.length <= 2, `${counting.sent.length} requests`);
  });
});
