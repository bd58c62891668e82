import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { Fetch } from "../../../sdk/index.js";
import { readStreams } from "../../../scripts/corpus/read-streams.js";

const bearer = { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" };
const schema = (properties: Record<string, unknown>) => ({ type: "InlineSchemaLoader", schema: { type: "object", properties } });

/** SendGrid's contacts export, as the corpus manifest writes it (an older kit's `create_job_response`). */
const exportManifest = {
  version: "6.0.0",
  type: "DeclarativeSource",
  streams: [
    {
      type: "DeclarativeStream",
      name: "contacts",
      primary_key: ["contact_id"],
      schema_loader: schema({ contact_id: { type: "string" }, email: { type: "string" } }),
      retriever: {
        type: "AsyncRetriever",
        status_mapping: { type: "AsyncJobStatusMap", failed: ["failed"], running: ["pending"], timeout: ["timeout"], completed: ["ready"] },
        urls_extractor: { type: "DpathExtractor", field_path: ["urls"] },
        record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
        status_extractor: { type: "DpathExtractor", field_path: ["status"] },
        creation_requester: { type: "HttpRequester", url_base: "https://api.sendgrid.com", path: "/v3/marketing/contacts/exports", http_method: "POST", authenticator: bearer },
        polling_requester: { type: "HttpRequester", url_base: "https://api.sendgrid.com", path: "/v3/marketing/contacts/exports/{{ stream_slice['create_job_response'].json()['id'] }}", http_method: "GET", authenticator: bearer },
        download_requester: { type: "HttpRequester", url_base: "", path: "{{ stream_slice.extra_fields['url'] }}", http_method: "GET" },
        download_extractor: { type: "ResponseToFileExtractor" },
      },
    },
  ],
};

/** Airtable-like dynamic streams: one stream per table an endpoint lists. */
const tablesManifest = {
  version: "6.0.0",
  type: "DeclarativeSource",
  dynamic_streams: [
    {
      type: "DynamicDeclarativeStream",
      stream_template: {
        type: "DeclarativeStream",
        name: "table_template",
        schema_loader: schema({ id: { type: "string" } }),
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: "https://api.airtable.com/v0", path: "", http_method: "GET", authenticator: bearer },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["records"] } },
        },
      },
      components_resolver: {
        type: "HttpComponentsResolver",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: "https://api.airtable.com/v0", path: "meta/tables", http_method: "GET", authenticator: bearer },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["tables"] } },
        },
        components_mapping: [
          { type: "ComponentMappingDefinition", field_path: ["name"], value: "{{ components_values.name }}" },
          { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "path"], value: "tables/{{ components_values.id }}" },
        ],
      },
    },
  ],
};

async function readAgainstMock(manifest: Record<string, unknown>) {
  const sluice = createSluice({ logLevel: "error" });
  const config = { api_key: "k" };
  return readStreams(sluice, (fetch) => sluice.connect({ manifest, config, services: [[Fetch, fetch]] }), manifest, config);
}

describe("the corpus mock serves report jobs and dynamic streams", () => {
  it("an AsyncRetriever stream is created, reported ready, downloaded as CSV and read end to end", async () => {
    const [contacts] = await readAgainstMock(exportManifest);
    assert.equal(contacts?.name, "contacts");
    assert.equal(contacts.reason, undefined, JSON.stringify(contacts.reason));
    assert.equal(contacts.ok, true);
    assert.equal(contacts.records, 2);
    // Create, poll, download.
    assert.equal(contacts.requests, 3);
  });

  it("an HttpComponentsResolver lists streams, each read through its template's model", async () => {
    const streams = await readAgainstMock(tablesManifest);
    assert.ok(streams.length >= 2, `${streams.length} dynamic streams`);
    assert.equal(new Set(streams.map((s) => s.name)).size, streams.length, "distinct names");
    for (const stream of streams) {
      assert.equal(stream.ok, true, `${stream.name}: ${JSON.stringify(stream.reason)}`);
      assert.ok(stream.records > 0, `${stream.name} read records`);
    }
  });
});
