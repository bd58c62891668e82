import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { useLoopback } from "../../support/loopback.js";

describe("ConfigComponentsResolver", () => {
  const api = useLoopback((req) => ({ body: { rows: [{ report: req.url.pathname, metrics: req.url.searchParams.get("metrics"), limit: req.url.searchParams.get("limit") }] } }));

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
            requester: { type: "HttpRequester", url_base: url, path: "/reports", http_method: "GET", request_parameters: { metrics: "", limit: "" } },
            record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["rows"] } },
          },
        },
        components_resolver: {
          type: "ConfigComponentsResolver",
          stream_config: { type: "StreamConfig", configs_pointer: ["custom_reports"], default_values: [{ name: "daily", metrics: ["sessions"], limit: "10" }] },
          components_mapping: [
            { type: "ComponentMappingDefinition", field_path: ["name"], value: "{{ components_values.name }}" },
            { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "path"], value: "/reports/{{ components_values.name }}" },
            { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "request_parameters", "metrics"], value: "{{ components_values.metrics | join(',') }}" },
            { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "request_parameters", "limit"], value: "{{ components_values.limit }}", value_type: "string" },
            { type: "ComponentMappingDefinition", field_path: ["primary_key"], value: "{{ components_values.key }}", create_or_update: true, condition: "{{ components_values.key }}" },
          ],
        },
      },
    ],
  });

  it("makes one stream per config entry, then the default entries, with the entry's values filled in", async () => {
    const config = { custom_reports: [{ name: "weekly", metrics: ["users", "sessions"], limit: "007", key: "date" }] };
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url), config });
    assert.deepEqual(connector.streamNames, ["weekly", "daily"]);
    assert.equal(connector.stream("weekly").primaryKey, "date", "create_or_update adds a field the template lacks");
    assert.equal(connector.stream("daily").primaryKey, undefined, "the condition skipped the mapping for an entry without a key");
    const rows: Record<string, unknown>[] = [];
    for await (const record of connector.read("weekly")) rows.push(record);
    assert.deepEqual(rows, [{ report: "/reports/weekly", metrics: "users,sessions", limit: "007" }]);
  });

  it("makes no dynamic stream when the config has no entry at the pointer and there is no default", async () => {
    const def = manifest(api.url);
    delete (def.dynamic_streams[0]!.components_resolver.stream_config as { default_values?: unknown }).default_values;
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: def, config: {} });
    assert.deepEqual(connector.streamNames, []);
  });
});
