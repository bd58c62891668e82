import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback } from "../../support/loopback.js";

/** An Airtable-like API: bases, their tables (with field metadata) and each table's rows. */
const TABLES: Record<string, { id: string; name: string; fields: { name: string; type: string }[] }[]> = {
  app1: [
    { id: "tblA", name: "Orders", fields: [{ name: "Total", type: "currency" }, { name: "Notes", type: "multilineText" }] },
    { id: "tblB", name: "Customers", fields: [{ name: "Email", type: "email" }, { name: "Active", type: "checkbox" }] },
  ],
  app2: [{ id: "tblC", name: "Invoices", fields: [{ name: "Due", type: "date" }] }],
};

function manifest(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const requester = { type: "HttpRequester", url_base: url, http_method: "GET", path: "" };
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckDynamicStream", stream_count: 2 },
    streams: [],
    dynamic_streams: [
      {
        type: "DynamicDeclarativeStream",
        name: "tables",
        stream_template: {
          type: "DeclarativeStream",
          name: "",
          primary_key: ["id"],
          retriever: {
            type: "SimpleRetriever",
            requester,
            record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["records"] } },
          },
          transformations: [{ type: "AddFields", fields: [{ path: ["_table"], value: "" }] }],
          schema_loader: {
            type: "DynamicSchemaLoader",
            retriever: {
              type: "SimpleRetriever",
              requester,
              record_selector: {
                type: "RecordSelector",
                extractor: { type: "DpathExtractor", field_path: ["tables"] },
                record_filter: { type: "RecordFilter", condition: "{{ record.id == parameters.table_id }}", $parameters: { table_id: "" } },
              },
            },
            schema_type_identifier: {
              type: "SchemaTypeIdentifier",
              schema_pointer: ["fields"],
              key_pointer: ["name"],
              type_pointer: ["type"],
              types_mapping: [
                { type: "TypesMap", current_type: "currency", target_type: "number" },
                { type: "TypesMap", current_type: "multilineText", target_type: "string" },
                { type: "TypesMap", current_type: "email", target_type: "string" },
                { type: "TypesMap", current_type: "checkbox", target_type: "boolean" },
              ],
            },
          },
        },
        components_resolver: {
          type: "HttpComponentsResolver",
          retriever: {
            type: "SimpleRetriever",
            requester: { ...requester, path: "/meta/bases/{{ stream_partition.base_id }}/tables" },
            record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["tables"] } },
            partition_router: { type: "ListPartitionRouter", values: "{{ config.bases }}", cursor_field: "base_id" },
          },
          components_mapping: [
            { type: "ComponentMappingDefinition", field_path: ["name"], value: "{{ stream_slice.base_id }}_{{ components_values.name | lower }}" },
            { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "path"], value: "/{{ stream_slice.base_id }}/{{ components_values.id }}" },
            { type: "ComponentMappingDefinition", field_path: ["schema_loader", "retriever", "requester", "path"], value: "/meta/bases/{{ stream_slice.base_id }}/tables" },
            { type: "ComponentMappingDefinition", field_path: ["schema_loader", "retriever", "record_selector", "record_filter", "$parameters", "table_id"], value: "{{ components_values.id }}" },
            { type: "ComponentMappingDefinition", field_path: ["transformations", "0", "fields", "0", "value"], value: "{{ components_values.name }}" },
          ],
        },
        ...extra,
      },
    ],
  };
}

describe("dynamic streams (HttpComponentsResolver, DynamicSchemaLoader, CheckDynamicStream)", () => {
  const api = useLoopback((req) => {
    const meta = /^\/meta\/bases\/(\w+)\/tables$/.exec(req.url.pathname);
    if (meta) return { body: { tables: TABLES[meta[1]!] ?? [] } };
    const rows = /^\/(\w+)\/(\w+)$/.exec(req.url.pathname);
    if (rows) return { body: { records: [{ id: `${rows[2]}-1` }, { id: `${rows[2]}-2` }] } };
    return { status: 404, body: { error: "no route" } };
  });

  it("makes one stream per listed table of every base, named and pathed from the listing", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url), config: { bases: ["app1", "app2"] } });
    assert.deepEqual(connector.streamNames, ["app1_orders", "app1_customers", "app2_invoices"]);
    const rows: Record<string, unknown>[] = [];
    for await (const record of connector.read("app1_customers")) rows.push(record);
    assert.deepEqual(rows, [{ id: "tblB-1", _table: "Customers" }, { id: "tblB-2", _table: "Customers" }]);
  });

  it("reads each dynamic stream's schema from the metadata of its own table, with types mapped", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url), config: { bases: ["app1", "app2"] } });
    const schema = await connector.stream("app1_customers").jsonSchema();
    assert.deepEqual(schema.properties, { Email: { type: ["null", "string"] }, Active: { type: ["null", "boolean"] } });
    const invoices = await connector.stream("app2_invoices").jsonSchema();
    assert.deepEqual(invoices.properties, { Due: { type: ["null", "string"], format: "date" } });
  });

  it("checks the first stream_count streams by reading their first page", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url), config: { bases: ["app1"] } });
    const seen = api.since();
    assert.deepEqual(await connector.check(), { ok: true });
    assert.deepEqual(seen().map((r) => r.url.pathname), ["/app1/tblA", "/app1/tblB"]);
  });

  it("fails the check when the resolver finds no table", async () => {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(api.url), config: { bases: ["empty"] } });
    const result = await connector.check();
    assert.equal(result.ok, false);
    assert.match(result.message ?? "", /no streams/);
  });

  it("refuses two dynamic streams with the same name, naming it", async () => {
    const def = manifest(api.url);
    const resolver = ((def.dynamic_streams as Record<string, unknown>[])[0]!.components_resolver as { components_mapping: Record<string, unknown>[] });
    resolver.components_mapping[0]!.value = "same";
    const error = await createSluice({ logLevel: "error" }).connect({ manifest: def, config: { bases: ["app1"] } }).catch((e: unknown) => e);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "DYNAMIC_STREAM_NAME");
    assert.match(error.message, /'same'/);
  });

  it("validates a generated stream like a manifest stream: a bad mapped value is a manifest error at the template", async () => {
    const def = manifest(api.url);
    const resolver = ((def.dynamic_streams as Record<string, unknown>[])[0]!.components_resolver as { components_mapping: Record<string, unknown>[] });
    resolver.components_mapping.push({ type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "http_method"], value: "FETCH" });
    const error = await createSluice({ logLevel: "error" }).connect({ manifest: def, config: { bases: ["app1"] } }).catch((e: unknown) => e);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "MANIFEST_INVALID");
    assert.match(error.message, /dynamic_streams\[0\]\.stream_template\[0\]\.retriever\.requester\.http_method/);
  });
});
