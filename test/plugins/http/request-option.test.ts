import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";

function manifest(url: string, pageSizeOption: Record<string, unknown>, parameters: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: "6.0.0",
    streams: [
      {
        type: "DeclarativeStream",
        name: "jobs",
        $parameters: parameters,
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: url, path: "/jobs" },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["jobs"] } },
          paginator: {
            type: "DefaultPaginator",
            page_size_option: { type: "RequestOption", ...pageSizeOption },
            pagination_strategy: { type: "CursorPagination", page_size: 100, cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" },
          },
        },
      },
    ],
  };
}

describe("RequestOption field_name beside field_path", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: { jobs: [{ id: 1 }] } }));
  });
  after(() => api.close());

  async function firstQuery(option: Record<string, unknown>, parameters?: Record<string, unknown>): Promise<URLSearchParams> {
    const connector = await createSluice().connect({ manifest: manifest(api.url, option, parameters), config: {} });
    for await (const _record of connector.read("jobs")) break;
    return api.requests.at(-1)!.url.searchParams;
  }

  it("ignores a written-out field_path next to field_name outside a JSON body (source-workable)", async () => {
    const query = await firstQuery({ inject_into: "request_parameter", field_name: "limit", field_path: ["jobs"] });
    assert.equal(query.get("limit"), "100");
  });

  it("ignores a stream's string $parameters.field_path inherited by the option (source-paypal-transaction)", async () => {
    const query = await firstQuery({ inject_into: "request_parameter", field_name: "page_size" }, { field_path: "items" });
    assert.equal(query.get("page_size"), "100");
  });

  it("still refuses both in a JSON body, where field_path would nest the value", async () => {
    await assert.rejects(
      createSluice().connect({ manifest: manifest(api.url, { inject_into: "body_json", field_name: "limit", field_path: ["page", "size"] }), config: {} }),
      (error: unknown) => error instanceof SluiceError && /exactly one of field_name and field_path/.test(error.message),
    );
  });
});
