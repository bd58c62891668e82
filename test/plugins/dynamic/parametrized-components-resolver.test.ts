import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { useLoopback } from "../../support/loopback.js";

// A HubSpot-like CRM API: /objects/<entity> lists the objects of one entity type.
describe("ParametrizedComponentsResolver", () => {
  const api = useLoopback((req) => ({ body: { results: [{ id: 1, path: req.url.pathname, props: req.url.searchParams.get("properties") }] } }));

  const manifest = (url: string) => ({
    version: "6.0.0",
    type: "DeclarativeSource",
    streams: [],
    dynamic_streams: [
      {
        type: "DynamicDeclarativeStream",
        stream_template: {
          type: "DeclarativeStream",
          name: "",
          schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
          retriever: {
            type: "SimpleRetriever",
            requester: { type: "HttpRequester", url_base: url, path: "/objects", http_method: "GET", request_parameters: { properties: "" } },
            record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["results"] } },
          },
        },
        components_resolver: {
          type: "ParametrizedComponentsResolver",
          stream_parameters: {
            type: "StreamParametersDefinition",
            list_of_parameters_for_stream: [
              { name: "contacts", entity: "contact", properties: "[email, firstname]", key: "id" },
              { name: "companies", entity: "company", properties: "[domain]" },
            ],
          },
          components_mapping: [
            { type: "ComponentMappingDefinition", field_path: ["name"], value: "{{ components_values.name }}" },
            { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "path"], value: "/objects/{{ components_values.entity }}" },
            { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "request_parameters", "properties"], value: "{{ components_values.properties }}" },
            { type: "ComponentMappingDefinition", field_path: ["primary_key"], value: "{{ components_values.key }}", create_or_update: true, condition: "{{ components_values.key }}" },
          ],
        },
      },
    ],
  });

  it("makes one stream per listed parameter object, in order, with its values filled in", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url), config: {} });
    assert.deepEqual(connector.streamNames, ["contacts", "companies"]);
    assert.equal(connector.stream("contacts").primaryKey, "id");
    assert.equal(connector.stream("companies").primaryKey, undefined);
    const rows: Record<string, unknown>[] = [];
    for await (const record of connector.read("companies")) rows.push(record);
    // "[domain]" was read as YAML (a list), then sent as the kit sends a list parameter: repeated.
    assert.deepEqual(rows, [{ id: 1, path: "/objects/company", props: "domain" }]);
  });

  it("validates: a stream_parameters entry that is not an object is refused before any request", async () => {
    const sent = api.since();
    const bad = manifest(api.url);
    (bad.dynamic_streams[0]!.components_resolver.stream_parameters.list_of_parameters_for_stream as unknown[]).push("orders");
    await assert.rejects(createSluice({ logLevel: "error" }).connect({ manifest: bad, config: {} }), /list_of_parameters_for_stream/);
    assert.equal(sent().length, 0);
  });
});
