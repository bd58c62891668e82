import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import type { PageReport } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";

function manifest(url: string, totalRecords: string): Record<string, unknown> {
  return {
    version: "6.0.0",
    streams: [
      {
        type: "DeclarativeStream",
        name: "tickets",
        retriever: {
          type: "SimpleRetriever",
          total_records: totalRecords,
          requester: { type: "HttpRequester", url_base: url, path: "/tickets" },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["tickets"] } },
          paginator: { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next_page }}", stop_condition: "{{ not response.next_page }}" }, page_token_option: { type: "RequestPath" } },
        },
      },
    ],
  };
}

describe("SimpleRetriever.total_records", () => {
  let api: Loopback;
  before(async () => {
    // Zendesk-style: { "tickets": [...], "count": 3, "next_page": url | null }
    api = await startLoopback((req, origin) =>
      req.url.pathname === "/tickets"
        ? { body: { tickets: [{ id: 1 }, { id: 2 }], count: 3, odd: "many", next_page: `${origin}/tickets/2` } }
        : { body: { tickets: [{ id: 3 }], count: 3, odd: "many", next_page: null } },
    );
  });
  after(() => api.close());

  async function reports(totalRecords: string): Promise<PageReport[]> {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url, totalRecords) });
    const seen: PageReport[] = [];
    for await (const _ of connector.read("tickets", { onPage: (report) => seen.push(report) }));
    return seen;
  }

  it("reports the API's total with the first page of the slice only", async () => {
    const seen = await reports("{{ response.count }}");
    assert.deepEqual(seen.map((r) => r.totalRecords), [3, undefined]);
  });

  it("ignores a total that is not a whole number, and a template that fails", async () => {
    assert.deepEqual((await reports("{{ response.odd }}")).map((r) => r.totalRecords), [undefined, undefined]);
    assert.deepEqual((await reports("{{ response.missing.deeper }}")).map((r) => r.totalRecords), [undefined, undefined]);
  });
});
