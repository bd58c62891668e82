/**
 * The OpenAPI measure (`npm run openapi-corpus`) on this folder's documents: each connector is generated
 * with no edit and every stream read against the generic mock of its document, through a transport that
 * sends every origin to the mock. The quirks document holds the shapes real documents showed the
 * generator: a page or offset parameter with no page size, JSON:API's `page[offset]`/`page[limit]`,
 * `skip`/`take`, a size-only endpoint (read at its maximum), an array of strings (not records), two API
 * keys required together (one in a header, one in the query, which a stream setting its own query keeps), and an AWS-style `#Action=` path with single-value required parameters.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { createSluice } from "../../../../core/sluice.js";
import { openApiConnector } from "../../../../core/init/openapi/openapi-connector.js";
import { readOpenApi } from "../../../../core/init/openapi/read-openapi.js";
import { measureDocument } from "../../../../scripts/openapi-corpus/measure-document.js";

const HERE = import.meta.dirname;
const sluice = createSluice({ logLevel: "error", http: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 10_000 } });

describe("the OpenAPI measure on this folder's documents", () => {
  for (const file of ["quirks-openapi-3.0.yaml", "tracker-openapi-3.0.yaml", "shop-swagger-2.0.json", "billing-openapi-3.1.yaml"]) {
    it(`${file}: every stream reads every record the mock holds`, async () => {
      const outcome = await measureDocument(sluice, join(HERE, file), file);
      assert.deepEqual(outcome.problems, []);
      assert.equal(outcome.outcome, "pass");
      assert.ok(outcome.streams >= 2, `streams: ${outcome.streams}`);
    });
  }

  it("writes what each quirk needs, with its evidence", async () => {
    const { files, report, streams } = openApiConnector(await readOpenApi(join(HERE, "quirks-openapi-3.0.yaml"), "/"), { name: "quirks" });
    const manifest = parse(files["manifest.yaml"]!);
    const stream = (name: string) => manifest.definitions.streams[name].retriever;
    assert.deepEqual(streams.map((s) => s.name).sort(), ["json_api", "largest_page", "list_things", "offset_only", "pages_only", "take_skip"]);
    assert.deepEqual(stream("pages_only").paginator.pagination_strategy, { type: "PageIncrement", start_from_page: 1 });
    assert.deepEqual(stream("offset_only").paginator.pagination_strategy, { type: "OffsetIncrement" });
    assert.equal(stream("json_api").paginator.page_token_option.field_name, "page[offset]");
    assert.equal(stream("json_api").paginator.page_size_option.field_name, "page[limit]");
    assert.deepEqual(stream("take_skip").paginator.pagination_strategy, { type: "OffsetIncrement", page_size: 25 });
    assert.deepEqual(stream("largest_page").requester.request_parameters, { api_key: "{{ config['key'] }}", limit: "100" });
    assert.deepEqual(stream("list_things").requester.request_parameters, { api_key: "{{ config['key'] }}", Action: "ListThings", Version: "2020-01-01" });
    assert.equal(stream("list_things").requester.path, "/");
    assert.deepEqual(manifest.definitions.requester.request_parameters, { api_key: "{{ config['key'] }}" });
    assert.equal(manifest.definitions.authenticator.inject_into.field_name, "X-Partner-Id");
    assert.equal(manifest.spec.connection_specification.properties.key.airbyte_secret, true);
    const text = report.join("\n");
    assert.match(text, /GET \/names: answers an array of strings, not of records/);
    assert.match(text, /with 'key' \(apiKey in query 'api_key'\) required together with it/);
    assert.match(text, /'limit' sets a page's size but no parameter or field moves to the next page/);
  });
});
