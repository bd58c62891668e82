import { SluiceError, Type, componentSchema, defineComponent, jsonSchema, type ComponentFactory, type DataRecord } from "../../sdk/index.js";
import type { RecordMergeStrategy } from "./group-by-key-merge-strategy.js";

/**
 * A built `PropertyChunking`: splits the properties into the chunks of separate requests.
 *
 * @example
 * chunking.split(["name", "email", "phone"], ["id"]); // with property_count 2: [["id", "name", "email"], ["id", "phone"]]
 */
export interface PropertyChunks {
  split(properties: readonly string[], alwaysInclude: readonly string[]): string[][];
  mergeKey(record: DataRecord): string | undefined;
}

/**
 * `PropertyChunking`: an API that limits how many properties one request may name (a count, or the
 * length of the query string) gets several requests per page, each with one chunk. With
 * `property_limit_type: property_count` a chunk holds at most `property_limit` properties; with
 * `characters`, the names plus 3 characters each (an encoded comma) fit in `property_limit`.
 * `always_include_properties` start every chunk and do not count. The records of the chunks are merged
 * by `record_merge_strategy` (default: by `id`). Modelled on HubSpot's CRM objects API, whose `properties`
 * query parameter is limited by the URL length:
 * ```
 * GET /crm/v3/objects/contacts?properties=firstname,lastname  -> { "results": [{ "id": "1", "properties": { "firstname": "Ada" } }] }
 * GET /crm/v3/objects/contacts?properties=phone               -> { "results": [{ "id": "1", "properties": { "phone": "555" } }] }
 * ```
 *
 * @example
 * property_chunking:
 *   type: PropertyChunking
 *   property_limit_type: characters
 *   property_limit: 15000
 *   record_merge_strategy: { type: GroupByKeyMergeStrategy, key: id }
 */
export const PropertyChunkingComponent: ComponentFactory<PropertyChunks> = defineComponent({
  type: "PropertyChunking",
  kind: "property_chunking",
  description: "Splits query properties into chunks of separate requests",
  fieldDefaults: { record_merge_strategy: "GroupByKeyMergeStrategy" },
  schema: Type.Object({
    property_limit_type: jsonSchema<"characters" | "property_count">({ enum: ["characters", "property_count"] }),
    property_limit: Type.Optional(Type.Integer({ minimum: 1 })),
    record_merge_strategy: Type.Optional(componentSchema("record_merge_strategy")),
  }),
  async build(def, ctx) {
    const strategy = (await ctx.build<RecordMergeStrategy | undefined>("record_merge_strategy")) ?? (await ctx.buildChild<RecordMergeStrategy>({ type: "GroupByKeyMergeStrategy", key: "id" }, `${ctx.path}.record_merge_strategy`));
    const limit = def.property_limit;
    const sizeOf = (property: string) => (def.property_limit_type === "characters" ? property.length + 3 : 1);
    return {
      split(properties, alwaysInclude) {
        if (!limit) return [[...properties, ...alwaysInclude]];
        const chunks: string[][] = [];
        let chunk = [...alwaysInclude];
        let size = 0;
        for (const property of properties) {
          if (sizeOf(property) > limit) {
            throw new SluiceError("QUERY_PROPERTIES_INVALID", `The property '${property}' alone is longer than property_limit`, { where: { manifestPath: `${ctx.path}.property_limit` }, expected: `a limit of at least ${sizeOf(property)}`, found: String(limit) });
          }
          if (size + sizeOf(property) > limit) {
            chunks.push(chunk);
            chunk = [...alwaysInclude];
            size = 0;
          }
          chunk.push(property);
          size += sizeOf(property);
        }
        chunks.push(chunk);
        return chunks;
      },
      mergeKey: (record) => strategy.keyOf(record),
    };
  },
});
