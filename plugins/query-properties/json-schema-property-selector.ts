import { Type, catalogSchema, componentSchema, defineComponent, forEachMaybe, thenMaybe, type Awaitable, type ComponentFactory, type RecordTransformation } from "../../sdk/index.js";

/** A built property selector: the properties of the configured catalog's schema, or undefined for all. */
export interface PropertySelector {
  readonly kind: "property_selector";
  /** The selected properties in the read `signal` belongs to; undefined: the read has no configured catalog, every property is asked for. */
  /** May answer with a promise (a Python transformation among its `transformations`), which the read awaits. */
  select(signal?: AbortSignal): Awaitable<ReadonlySet<string> | undefined>;
}

/**
 * `JsonSchemaPropertySelector` (a `QueryProperties`' `property_selector`): only the properties of the
 * stream's schema in the configured catalog (the columns the user selected, `sluice read --catalog`) are
 * asked for, after its `transformations` rename them (a `KeysToLower` when the API's names differ in
 * case from the schema's). Without a configured catalog (`check`, `discover`, a library read) every
 * property is asked for, as in the kit. Modelled on HubSpot's CRM objects, whose hundreds of
 * properties cost request length and time.
 *
 * @example
 * property_selector:
 *   type: JsonSchemaPropertySelector
 *   transformations:
 *     - { type: KeysToLower }
 */
export const JsonSchemaPropertySelectorComponent: ComponentFactory<PropertySelector> = defineComponent({
  type: "JsonSchemaPropertySelector",
  kind: "property_selector",
  description: "When configured, the JSON schema supplied in the catalog containing which columns are selected for the current stream will be used to reduce which query properties will be included in the outbound API request.",
  examples: [{ transformations: [{ type: "KeysToLower" }] }],
  customFieldTypes: { transformations: "CustomTransformation" },
  schema: Type.Object({
    transformations: Type.Optional(Type.Array(componentSchema("transformation"), { title: "Transformations", description: "A list of transformations to be applied on the customer configured schema that will be used to filter out unselected fields when specifying query properties for API requests." })),
  }, { title: "Json Schema Property Selector" }),
  async build(def, ctx) {
    const transformations = await Promise.all((def.transformations ?? []).map((t, i) => ctx.buildChild<RecordTransformation>(t, `${ctx.path}.transformations[${i}]`)));
    const stream = ctx.stream ?? "";
    return {
      kind: "property_selector",
      select(signal) {
        const schema = catalogSchema(signal, stream);
        if (!schema) return undefined;
        const properties = structuredClone((schema.properties ?? {}) as Record<string, unknown>);
        // A transformation may answer with a promise (a Python one): each is awaited before the next.
        return thenMaybe(forEachMaybe(transformations, (transformation) => transformation.transform(properties, {})), () => new Set(Object.keys(properties)));
      },
    };
  },
});
