import { Interpolator, Type, componentSchema, defineComponent, readRetriever, type ComponentFactory, type Retriever } from "../../sdk/index.js";
import { getPath } from "../../python/index.js";

/**
 * A built `PropertiesFromEndpoint`: the property names an API lists (read once per connector, then kept).
 *
 * @example
 * await endpoint.properties(); // ["firstname", "lastname", "phone"]
 */
export interface PropertyList {
  properties(signal?: AbortSignal): Promise<string[]>;
}

/**
 * `PropertiesFromEndpoint`: the properties to ask for are listed by the API itself. The retriever reads
 * the list (paginated like any stream); each record's value at `property_field_path` is one property
 * name. Modelled on HubSpot's `GET /crm/v3/properties/contacts`:
 * ```json
 * { "results": [ { "name": "firstname", "type": "string" }, { "name": "phone", "type": "string" } ] }
 * ```
 *
 * @example
 * property_list:
 *   type: PropertiesFromEndpoint
 *   property_field_path: [name]
 *   retriever:
 *     type: SimpleRetriever
 *     requester: { $ref: "#/definitions/requester", path: /crm/v3/properties/contacts }
 *     record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [results] } }
 */
export const PropertiesFromEndpointComponent: ComponentFactory<PropertyList> = defineComponent({
  type: "PropertiesFromEndpoint",
  kind: "property_list",
  description: "Reads the property names to query from an API endpoint",
  fieldDefaults: { retriever: "SimpleRetriever" },
  customFieldTypes: { retriever: "CustomRetriever" },
  schema: Type.Object({
    property_field_path: Type.Array(Type.String(), { minItems: 1 }),
    retriever: componentSchema("retriever"),
  }),
  async build(def, ctx) {
    const retriever = await ctx.build<Retriever>("retriever");
    const interpolator = ctx.get(Interpolator);
    const path = def.property_field_path.map((key, i) => interpolator.compile(key, { path: `${ctx.path}.property_field_path[${i}]` }));
    const stream = ctx.stream ?? "properties";
    let listed: Promise<string[]> | undefined;
    const read = async (signal?: AbortSignal): Promise<string[]> => {
      const keys = path.map((key) => key.render({ config: ctx.config, parameters: ctx.parameters }));
      const names: string[] = [];
      for await (const record of readRetriever({ stream, retriever }, { signal })) {
        const found = getPath(record, keys);
        names.push(found.found ? String(found.value) : "[]");
      }
      return names;
    };
    return {
      properties(signal) {
        listed ??= read(signal).catch((error: unknown) => {
          listed = undefined;
          throw error;
        });
        return listed;
      },
    };
  },
});
