import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../core/index.js";
import { startLoopback, type Loopback } from "../support/loopback.js";
import { tempConnector, type TempConnector } from "../core/loader/temp-connector.js";

// A connector folder outside the repo whose .sluicerc.yaml lists a TypeScript plugin next to it.
const PLUGIN_TS = `
import { PaginationStrategy, definePlugin, type ComponentFactory, type HttpResponse } from "sluice/sdk";
(globalThis as any).sluiceConfigPluginRan = true;
class HasMore extends PaginationStrategy {
  nextPageToken(response: HttpResponse, _size: number, _last: unknown, lastToken: unknown) {
    return (response.json() as { has_more: boolean }).has_more ? Number(lastToken ?? 1) + 1 : undefined;
  }
}
const HasMorePagination: ComponentFactory = { type: "HasMorePagination", kind: "pagination_strategy", schema: { type: "object" }, build: () => new HasMore() };
export default definePlugin({ name: "folder:has-more", register(ctx) { ctx.registerComponent(HasMorePagination); } });
`;

function manifestYaml(urlBase: string): string {
  return `version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [items] }
streams:
  - type: DeclarativeStream
    name: items
    primary_key: id
    schema_loader: { type: InlineSchemaLoader, schema: { type: object } }
    retriever:
      type: SimpleRetriever
      requester: { type: HttpRequester, url_base: "${urlBase}", path: /items, http_method: GET }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
      paginator:
        type: DefaultPaginator
        pagination_strategy: { type: HasMorePagination }
        page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: page }
`;
}

describe("connector-level plugins listed in the config file", () => {
  let api: Loopback;
  let folder: TempConnector;
  before(async () => {
    api = await startLoopback((req) => {
      const page = Number(req.url.searchParams.get("page") ?? 1);
      return { body: { data: [{ id: page }], has_more: page < 3 } };
    });
    folder = await tempConnector({
      ".sluicerc.yaml": "manifest: ./manifest.yaml\nplugins: [./plugins/has-more.ts]\n",
      "plugins/has-more.ts": PLUGIN_TS,
    });
    await folder.write("manifest.yaml", manifestYaml(api.url));
  });
  after(async () => {
    await api.close();
    await folder.remove();
  });

  it("a host that refuses custom code refuses the config's plugins before loading them or sending a request", async () => {
    await assert.rejects(createSluice({ logLevel: "error", trustCustomCode: false }).connect({ searchFrom: folder.dir }), { code: "CUSTOM_CODE_REFUSED" });
    assert.equal((globalThis as Record<string, unknown>).sluiceConfigPluginRan, undefined);
    assert.equal(api.requests.length, 0);
  });

  it("the manifest uses the plugin's type, and the plugin's TypeScript imports the running SDK", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ searchFrom: folder.dir });
    const records = [];
    for await (const record of connector.read("items")) records.push(record);
    assert.deepEqual(records, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    assert.deepEqual(api.requests.map((r) => r.url.search), ["", "?page=2", "?page=3"]);
  });

  it("the plugin's type stays with that connector: a host without the config file does not know it", async () => {
    const sluice = createSluice({ logLevel: "error" });
    await sluice.connect({ searchFrom: folder.dir });
    assert.equal(sluice.registry.find("HasMorePagination"), undefined);
  });
});
