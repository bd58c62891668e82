import {
  readRetriever,
  SchemaLoader,
  Type,
  componentSchema,
  defineComponent,
  forEachMaybe,
  type ComponentFactory,
  type DataRecord,
  type JsonSchema,
  type RecordFilter,
  type RecordTransformation,
  type Retriever,
} from "../../sdk/index.js";
import type { SchemaProperties } from "./schema-type-identifier.js";

/**
 * `DynamicSchemaLoader`: a stream's JSON Schema read from the API (Airtable's table metadata, a CRM's
 * field list) when discover asks for it, never while reading records. The retriever's first record is
 * the schema description; `schema_type_identifier` finds the fields in it; `schema_filter` (a
 * `RecordFilter` seeing each property as `{ name: schema }`) drops some; `schema_transformations`
 * (`KeysToLower`, `AddFields`...) rewrite the properties mapping. Modelled on Airtable's
 * `GET /v0/meta/bases/{base_id}/tables`:
 * ```json
 * { "tables": [ { "id": "tblA1", "fields": [ { "name": "Total", "type": "number" }, { "name": "Notes", "type": "multilineText" } ] } ] }
 * ```
 *
 * @example
 * schema_loader:
 *   type: DynamicSchemaLoader
 *   retriever:
 *     type: SimpleRetriever
 *     requester: { $ref: "#/definitions/requester", path: "/v0/meta/bases/{{ config.base_id }}/tables" }
 *     record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [tables] } }
 *   schema_type_identifier:
 *     type: SchemaTypeIdentifier
 *     schema_pointer: [fields]
 *     key_pointer: [name]
 *     type_pointer: [type]
 *     types_mapping:
 *       - { type: TypesMap, current_type: multilineText, target_type: string }
 */
export const DynamicSchemaLoaderComponent: ComponentFactory<SchemaLoader> = defineComponent({
  type: "DynamicSchemaLoader",
  kind: "schema_loader",
  description: "Reads a stream's JSON Schema from the API",
  fieldDefaults: { retriever: "SimpleRetriever", schema_type_identifier: "SchemaTypeIdentifier", schema_filter: "RecordFilter" },
  customFieldTypes: { retriever: "CustomRetriever", schema_transformations: "CustomTransformation", schema_filter: "CustomRecordFilter" },
  schema: Type.Object({
    retriever: componentSchema("retriever"),
    schema_type_identifier: componentSchema("schema_type_identifier"),
    schema_filter: Type.Optional(componentSchema("record_filter")),
    schema_transformations: Type.Optional(Type.Array(componentSchema("transformation"))),
  }),
  async build(def, ctx) {
    const retriever = await ctx.build<Retriever>("retriever");
    const identifier = await ctx.build<SchemaProperties>("schema_type_identifier");
    const filter = await ctx.build<RecordFilter | undefined>("schema_filter");
    const transformations = await Promise.all((def.schema_transformations ?? []).map((t, i) => ctx.buildChild<RecordTransformation>(t, `${ctx.path}.schema_transformations[${i}]`)));
    const stream = ctx.stream ?? "schema";
    return new (class extends SchemaLoader {
      async load(): Promise<JsonSchema> {
        let first: DataRecord | undefined;
        for await (const record of readRetriever({ stream, retriever })) {
          first = record;
          break;
        }
        let properties: Record<string, unknown> = first ? identifier.properties(first, ctx.config) : {};
        if (filter) properties = await keptProperties(properties, filter);
        // A transformation may answer with a promise (a Python one): each is awaited before the next.
        await forEachMaybe(transformations, (transformation) => transformation.transform(properties, {}));
        return { $schema: "https://json-schema.org/draft-07/schema#", type: "object", additionalProperties: true, properties };
      }
    })();
  },
});

/**
 * The properties the `schema_filter` keeps, each offered as a one-key record `{ name: type }` (as the
 * kit's `filter_records` sees them); a filter that answers a page at a time (`keepPage`, a Python one)
 * is asked once, awaited.
 */
async function keptProperties(properties: Record<string, unknown>, filter: RecordFilter): Promise<Record<string, unknown>> {
  const records = Object.entries(properties).map(([key, value]) => ({ [key]: value }));
  const keep = filter.keepPage ? await filter.keepPage(records, {}) : records.map((record) => filter.keep(record, {}));
  return Object.assign({}, ...records.filter((_record, index) => keep[index]));
}
