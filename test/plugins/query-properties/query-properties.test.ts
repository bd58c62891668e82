import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { runCli } from "../../support/run-cli.js";
import { useLoopback } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

/** A HubSpot-like API: `/properties` lists the properties; `/contacts` answers only the properties asked for, two pages. */
const CONTACTS = [
  { id: "1", firstname: "Ada", lastname: "Lovelace", phone: "555-1" },
  { id: "2", firstname: "Alan", lastname: "Turing", phone: "555-2" },
  { id: "3", firstname: "Grace", lastname: "Hopper", phone: "555-3" },
];

describe("QueryProperties, PropertiesFromEndpoint, PropertyChunking", () => {
  const api = useLoopback((req) => {
    if (req.url.pathname === "/properties") return { body: { results: ["firstname", "lastname", "phone"].map((name) => ({ name })) } };
    const asked = (req.url.searchParams.get("properties") ?? "").split(",");
    const after = Number(req.url.searchParams.get("after") ?? 0);
    const page = CONTACTS.slice(after, after + 2).map((c) => ({ id: c.id, properties: Object.fromEntries(asked.filter((p) => p !== "id").map((p) => [p, c[p as keyof typeof c]])) }));
    return { body: { results: page, paging: after + 2 < CONTACTS.length ? { next: { after: after + 2 } } : {} } };
  });

  const manifest = (queryProperties: Record<string, unknown>) =>
    sourceDef([
      streamDef({
        name: "contacts",
        urlBase: api.url,
        path: "/contacts",
        fieldPath: ["results"],
        requester: { request_parameters: { properties: { type: "QueryProperties", ...queryProperties } } },
        paginator: {
          type: "DefaultPaginator",
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "after" },
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.paging.next.after }}", stop_condition: "{{ not response.paging.next }}" },
        },
      }),
    ]);

  it("reads every page once per chunk of properties from the endpoint, and merges the chunks' records by id", async () => {
    const seen = api.since();
    const { records, error } = await readStream(
      manifest({
        property_list: { type: "PropertiesFromEndpoint", property_field_path: ["name"], retriever: { type: "SimpleRetriever", requester: { type: "HttpRequester", url_base: api.url, path: "/properties" }, record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["results"] } } } },
        always_include_properties: ["id"],
        property_chunking: { type: "PropertyChunking", property_limit_type: "property_count", property_limit: 2, record_merge_strategy: { type: "GroupByKeyMergeStrategy", key: "id" } },
      }),
      { stream: "contacts" },
    );
    assert.equal(error, undefined);
    assert.deepEqual(records, CONTACTS.map((c) => ({ id: c.id, properties: { firstname: c.firstname, lastname: c.lastname, phone: c.phone } })));
    const contactRequests = seen().filter((r) => r.url.pathname === "/contacts").map((r) => `${r.url.searchParams.get("properties")} after=${r.url.searchParams.get("after")}`);
    assert.deepEqual(contactRequests, ["id,firstname,lastname after=null", "id,phone after=null", "id,firstname,lastname after=2", "id,phone after=2"]);
    assert.equal(seen().filter((r) => r.url.pathname === "/properties").length, 1, "the property list is read once");
  });

  it("chunks by characters: each name counts its length plus 3", async () => {
    const seen = api.since();
    const { error } = await readStream(manifest({ property_list: ["firstname", "lastname", "phone"], property_chunking: { type: "PropertyChunking", property_limit_type: "characters", property_limit: 24 } }), { stream: "contacts" });
    assert.equal(error, undefined);
    const asked = seen().filter((r) => !r.url.searchParams.get("after")).map((r) => r.url.searchParams.get("properties"));
    assert.deepEqual(asked, ["firstname,lastname", "phone"]);
  });

  it("sends every property in one request without property_chunking", async () => {
    const seen = api.since();
    const { records } = await readStream(manifest({ property_list: ["firstname", "phone"] }), { stream: "contacts" });
    assert.equal(records.length, 3);
    assert.deepEqual(seen().map((r) => r.url.searchParams.get("properties")), ["firstname,phone", "firstname,phone"]);
  });

  it("a JsonSchemaPropertySelector asks for every property when the read has no configured catalog", async () => {
    const seen = api.since();
    const { records, error } = await readStream(manifest({ property_list: ["firstname", "phone"], property_selector: { type: "JsonSchemaPropertySelector", transformations: [{ type: "KeysToLower" }] } }), { stream: "contacts" });
    assert.equal(error, undefined, String(error));
    assert.equal(records.length, 3);
    assert.deepEqual(seen().map((r) => r.url.searchParams.get("properties")), ["firstname,phone", "firstname,phone"]);
  });

  it("with a configured catalog, asks only for the catalog's columns, after the selector's transformations", async () => {
    const seen = api.since();
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest({ always_include_properties: ["id"], property_list: ["firstname", "lastname", "phone"], property_selector: { type: "JsonSchemaPropertySelector", transformations: [{ type: "KeysToLower" }] } }), config: {} });
    const catalogSchemas = new Map([["contacts", { type: "object", properties: { id: {}, FirstName: {}, Phone: {} } }]]);
    const records: unknown[] = [];
    for await (const message of connector.readAll({ catalogSchemas })) if (message.type === "record") records.push(message.record);
    assert.equal(records.length, 3);
    assert.deepEqual(seen().map((r) => r.url.searchParams.get("properties")), ["id,firstname,phone", "id,firstname,phone"]);
  });

  it("sluice read --catalog passes each stream's json_schema to the selector", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-property-selector-"));
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest({ property_list: ["firstname", "lastname", "phone"], property_selector: { type: "JsonSchemaPropertySelector" } })));
    writeFileSync(join(dir, "catalog.json"), JSON.stringify({ streams: [{ stream: { name: "contacts", json_schema: { type: "object", properties: { lastname: {} } }, supported_sync_modes: ["full_refresh"] }, sync_mode: "full_refresh", destination_sync_mode: "overwrite" }] }));
    writeFileSync(join(dir, "config.json"), "{}");
    const seen = api.since();
    const { code, stderr } = await runCli(["read", "--manifest", "manifest.json", "--config", "config.json", "--catalog", "catalog.json"], dir);
    assert.equal(code, 0, stderr);
    assert.deepEqual(seen().map((r) => r.url.searchParams.get("properties")), ["lastname", "lastname"]);
  });

  it("a property_selector of an unknown type is refused when the connector is built", async () => {
    await assert.rejects(readStream(manifest({ property_list: ["firstname"], property_selector: { type: "CatalogSelector" } }), { stream: "contacts" }), { code: "MANIFEST_UNKNOWN_TYPE" });
  });

  it("refuses a property longer than the character limit, naming it", async () => {
    const { error } = await readStream(manifest({ property_list: ["a_very_long_property_name"], property_chunking: { type: "PropertyChunking", property_limit_type: "characters", property_limit: 5 } }), { stream: "contacts" });
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "QUERY_PROPERTIES_INVALID");
    assert.match(error.message, /a_very_long_property_name/);
  });
});
