/**
 * Python transformations and filters where the engine applies them to something other than a page of
 * records (issue 35): a `DynamicSchemaLoader`'s `schema_filter` and `schema_transformations`, and a
 * `JsonSchemaPropertySelector`'s `transformations`. A Python transformation answers with a promise
 * (its call crosses the bridge): before these sites awaited it, the schema kept its original keys and
 * the selector matched none of the listed properties.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { pythonConnector } from "./python-connector.js";

const COMPONENTS = `
from airbyte_cdk.sources.declarative.extractors.record_filter import RecordFilter
from airbyte_cdk.sources.declarative.transformations import RecordTransformation


class LowerKeys(RecordTransformation):
    def transform(self, record, config=None, stream_state=None, stream_slice=None):
        for key in list(record):
            record[key.lower()] = record.pop(key)


class NoInternal(RecordFilter):
    def filter_records(self, records, stream_state, stream_slice=None, next_page_token=None):
        return [record for record in records if not any(key.startswith("_") for key in record)]
`;

const LOWER_KEYS = { type: "CustomTransformation", class_name: "source_declarative_manifest.components.LowerKeys" };

describe("Python transformations and filters outside a page of records", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    api = await startLoopback((req) => {
      if (req.url.pathname === "/meta") return { body: { fields: [{ name: "Email", type: "string" }, { name: "_Internal", type: "string" }, { name: "Count", type: "integer" }] } };
      const asked = (req.url.searchParams.get("properties") ?? "").split(",").filter(Boolean);
      return { body: { results: [{ id: "1", ...Object.fromEntries(asked.map((name) => [name, `${name}-1`])) }] } };
    });
    dir = await pythonConnector(COMPONENTS);
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("a DynamicSchemaLoader's Python schema_filter and schema_transformations shape the schema it reads", async () => {
    const stream = streamDef({ name: "items", urlBase: api.url, path: "/items", fieldPath: ["results"] }) as Record<string, any>;
    stream.schema_loader = {
      type: "DynamicSchemaLoader",
      retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: api.url, path: "/meta" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } } },
      schema_type_identifier: { type: "SchemaTypeIdentifier", schema_pointer: ["fields"], key_pointer: ["name"], type_pointer: ["type"] },
      schema_filter: { type: "CustomRecordFilter", class_name: "source_declarative_manifest.components.NoInternal" },
      schema_transformations: [LOWER_KEYS],
    };
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef([stream]), searchFrom: dir.dir, config: {} });
    const schema = await connector.stream("items").jsonSchema();
    assert.deepEqual(schema.properties, { email: { type: ["null", "string"] }, count: { type: ["null", "integer"] } });
  });

  it("a JsonSchemaPropertySelector's Python transformation maps the catalog's columns before they are matched", async () => {
    const stream = streamDef({
      name: "contacts",
      urlBase: api.url,
      path: "/contacts",
      fieldPath: ["results"],
      requester: {
        request_parameters: {
          properties: { type: "QueryProperties", property_list: ["firstname", "lastname", "phone"], property_selector: { type: "JsonSchemaPropertySelector", transformations: [LOWER_KEYS] } },
        },
      },
    });
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef([stream]), searchFrom: dir.dir, config: {} });
    const catalogSchemas = new Map([["contacts", { type: "object", properties: { FirstName: {}, Phone: {} } }]]);
    const records: unknown[] = [];
    for await (const message of connector.readAll({ catalogSchemas })) if (message.type === "record") records.push(message.record);
    assert.deepEqual(records, [{ id: "1", firstname: "firstname-1", phone: "phone-1" }]);
    assert.deepEqual(api.requests.filter((r) => r.url.pathname === "/contacts").map((r) => r.url.searchParams.get("properties")), ["firstname,phone"]);
  });
});
