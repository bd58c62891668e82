import { Type, componentSchema, defineComponent, type ComponentFactory, type RecordTransformation } from "../../sdk/index.js";

/** A built property selector: the properties of the configured catalog's schema, or undefined for all. */
export interface PropertySelector {
  readonly kind: "property_selector";
  /** The selected properties; undefined: no configured catalog reached the read, every property is asked for. */
  select(): ReadonlySet<string> | undefined;
}

/**
 * `JsonSchemaPropertySelector` (a `QueryProperties`' `property_selector`): in the kit, the properties of
 * the configured catalog's schema for the stream (after `transformations`) narrow the properties asked
 * for. Sluice does not pass the configured catalog to components yet, so it selects every property, as
 * the kit does when there is no catalog (`check`, `discover`): more properties are requested than the
 * catalog selected, and the records carry them.
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
    // Built so that a wrong transformation fails when the connector is built, as in the kit.
    await Promise.all((def.transformations ?? []).map((t, i) => ctx.buildChild<RecordTransformation>(t, `${ctx.path}.transformations[${i}]`)));
    return { kind: "property_selector", select: () => undefined };
  },
});
