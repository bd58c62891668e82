import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { manifestJsonSchema } from "../../core/manifest/manifest-json-schema.js";
import { INJECTION_TARGETS, INJECTION_TARGET_NAMES, WIRE_INJECTION_TARGET_NAMES, definePlugin, injectRequestValue, type OutgoingRequest, type RequestOption } from "../../sdk/index.js";
import { startLoopback, type Loopback } from "../support/loopback.js";

describe("the injection targets (one table in the SDK)", () => {
  it("lists every target once, and the wire ones are the header and the query parameter", () => {
    assert.deepEqual(INJECTION_TARGET_NAMES, Object.keys(INJECTION_TARGETS));
    assert.deepEqual([...WIRE_INJECTION_TARGET_NAMES].sort(), ["header", "request_parameter"]);
  });

  it("is the enum the manifest schema gives RequestOption.inject_into", () => {
    const schema = manifestJsonSchema(createSluice().registry) as { definitions: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    assert.deepEqual(schema.definitions.RequestOption!.properties.inject_into!.enum, INJECTION_TARGET_NAMES);
  });

  it("decides from the table which target takes a nested path", () => {
    const request: OutgoingRequest = { method: "GET", url: "https://api.example.com/", params: {}, headers: {} };
    injectRequestValue(request, "body_json", ["page", "size"], 10, "test");
    assert.deepEqual(request.bodyJson, { page: { size: 10 } });
    assert.throws(() => injectRequestValue(request, "header", ["a", "b"], 1, "test"), /only supported for body_json injection/);
  });

  describe("a plugin's own target", () => {
    let api: Loopback;
    before(async () => {
      api = await startLoopback(() => ({ body: { jobs: [{ id: 1 }] } }));
    });
    after(() => api.close());

    it("is a request_option component of its own: a page size sent as a cookie", async () => {
      const cookieOption = definePlugin({
        name: "test:cookie-option",
        register(ctx) {
          ctx.registerComponent({
            type: "CookieOption",
            kind: "request_option",
            description: "Puts the value in a cookie",
            schema: { type: "object", properties: { cookie_name: { type: "string" } }, required: ["cookie_name"] },
            build: (def): RequestOption => ({
              kind: "request_option",
              target: "cookie",
              inject(request, value) {
                injectRequestValue(request, "header", "Cookie", `${String(def.cookie_name)}=${String(value)}`, "CookieOption");
              },
            }),
          });
        },
      });
      const manifest = {
        version: "6.0.0",
        streams: [{
          type: "DeclarativeStream",
          name: "jobs",
          retriever: {
            type: "SimpleRetriever",
            requester: { type: "HttpRequester", url_base: api.url, path: "/jobs" },
            record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["jobs"] } },
            paginator: {
              type: "DefaultPaginator",
              page_size_option: { type: "CookieOption", cookie_name: "per_page" },
              pagination_strategy: { type: "OffsetIncrement", page_size: 25 },
            },
          },
        }],
      };
      const connector = await createSluice({ plugins: [cookieOption] }).connect({ manifest, config: {} });
      for await (const _record of connector.read("jobs")) break;
      assert.equal(api.requests.at(-1)!.headers.cookie, "per_page=25");
    });
  });
});
