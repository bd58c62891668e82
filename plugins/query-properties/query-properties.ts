import { Type, componentSchema, defineComponent, jsonSchema, type ComponentDefinition, type ComponentFactory, type DataRecord, type QueryProperties } from "../../sdk/index.js";
import type { PropertyList } from "./properties-from-endpoint.js";
import type { PropertyChunks } from "./property-chunking.js";
import type { PropertySelector } from "./json-schema-property-selector.js";

/**
 * `QueryProperties`: the value of one `request_parameters` entry of an `HttpRequester` that lists the
 * properties (fields, columns) to ask the API for: `property_list` (a list, or `PropertiesFromEndpoint`),
 * plus `always_include_properties`, split by `property_chunking` into several requests per page whose
 * records are merged by key. The parameter gets the chunk joined with commas; templates see it as
 * `stream_slice.extra_fields.query_properties`. Modelled on HubSpot's `properties` query parameter.
 *
 * @example
 * requester:
 *   type: HttpRequester
 *   url_base: https://api.hubapi.com
 *   path: /crm/v3/objects/contacts
 *   request_parameters:
 *     properties:
 *       type: QueryProperties
 *       property_list: [firstname, lastname, phone]
 *       always_include_properties: [id]
 *       property_chunking: { type: PropertyChunking, property_limit_type: property_count, property_limit: 2 }
 */
export const QueryPropertiesComponent: ComponentFactory<Omit<QueryProperties, "parameter">> = defineComponent({
  type: "QueryProperties",
  kind: "query_properties",
  description: "The properties a request asks for, in chunks merged by key",
  fieldDefaults: { property_chunking: "PropertyChunking", property_selector: "JsonSchemaPropertySelector" },
  schema: Type.Object({
    property_list: jsonSchema<string[] | ComponentDefinition>({ anyOf: [{ type: "array", items: { type: "string" } }, { type: "object", required: ["type"] }] }),
    always_include_properties: Type.Optional(Type.Array(Type.String())),
    property_chunking: Type.Optional(componentSchema("property_chunking")),
    property_selector: Type.Optional(componentSchema("property_selector")),
  }),
  async build(def, ctx) {
    const list = Array.isArray(def.property_list) ? undefined : await ctx.buildChild<PropertyList>({ ...def.property_list, type: def.property_list.type ?? "PropertiesFromEndpoint" }, `${ctx.path}.property_list`);
    const chunking = await ctx.build<PropertyChunks | undefined>("property_chunking");
    // The configured catalog's columns, when the read has one (see JsonSchemaPropertySelector).
    const selector = await ctx.build<PropertySelector | undefined>("property_selector");
    const always = def.always_include_properties ?? [];
    const fixed = Array.isArray(def.property_list) ? def.property_list : [];
    return {
      async chunks(signal) {
        const listed = list ? await list.properties(signal) : fixed;
        const selected = await selector?.select(signal);
        const properties = selected ? listed.filter((p) => selected.has(p)) : listed;
        if (chunking) return chunking.split(properties, always);
        return [[...always, ...properties]];
      },
      mergeKey: (record: DataRecord) => chunking?.mergeKey(record),
    };
  },
});
