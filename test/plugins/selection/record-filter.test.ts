import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

const PAGES: Record<string, { id: number; status: string }[]> = {
  "1": [{ id: 1, status: "open" }, { id: 2, status: "archived" }],
  "2": [{ id: 3, status: "open" }, { id: 4, status: "draft" }],
};

describe("RecordFilter", () => {
  const api = useLoopback((req) => ({ body: { data: PAGES[req.url.searchParams.get("page") ?? "1"] ?? [] } }));
  const read = (condition: string, config: Record<string, unknown> = {}) =>
    readStream(
      oneStreamManifest({
        urlBase: api.url,
        stream: { $parameters: { skip: "draft" } },
        retriever: {
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, record_filter: { type: "RecordFilter", condition } },
        },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "PageIncrement", start_from_page: 1, page_size: 2 },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
        },
      }),
      { config },
    );

  it("keeps the records whose condition holds, page after page", async () => {
    const { records, error } = await read("{{ record['status'] != 'archived' }}");
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [1, 3, 4]);
  });

  it("sees config and parameters", async () => {
    const { records } = await read("{{ record['status'] != config['hide'] and record['status'] != parameters['skip'] }}", { hide: "archived" });
    assert.deepEqual(records.map((r) => r.id), [1, 3]);
  });

  it("sees next_page_token: none on the first page, the token after", async () => {
    const { records } = await read("{{ next_page_token is not none and next_page_token['next_page_token'] == 2 }}");
    assert.deepEqual(records.map((r) => r.id), [3, 4]);
  });

  it("judges the rendered value with Python's truthiness: 0 drops, any other number keeps", async () => {
    const { records } = await read("{{ record['id'] - 1 }}");
    assert.deepEqual(records.map((r) => r.id), [2, 3, 4]);
  });
});
