import { Interpolator, Type, defineComponent, jsonSchema, type ComponentFactory, type ConnectorConfig } from "../../sdk/index.js";

/**
 * A target type of a `TypesMap`: an Airbyte type name, a pair of them (`oneOf`), or a `ComplexFieldType`
 * (`{ field_type: array, items: string }`).
 */
export type TargetType = string | string[] | ComplexFieldType;

/** The kit's `ComplexFieldType`: an array type with the type of its items (which may be complex again). */
export interface ComplexFieldType {
  field_type: string;
  items?: string | ComplexFieldType;
}

/**
 * A built `TypesMap`: the target type for a field whose API type is `current_type` (when the condition holds).
 *
 * @example
 * typesMap.map("autoNumber", field, config); // "number"
 */
export interface TypeMapping {
  map(current: unknown, rawSchema: Record<string, unknown>, config: ConnectorConfig): TargetType | undefined;
}

/**
 * `TypesMap`: maps an API's own field type onto an Airbyte type in a `DynamicSchemaLoader`. `condition`
 * (with `raw_schema`, the field's definition) narrows it to some fields.
 *
 * @example
 * types_mapping:
 *   - { type: TypesMap, current_type: autoNumber, target_type: number }
 *   - { type: TypesMap, current_type: multipleAttachments, target_type: { field_type: array, items: object } }
 *   - { type: TypesMap, current_type: formula, target_type: string, condition: "{{ raw_schema.options.result.type == 'text' }}" }
 */
export const TypesMapComponent: ComponentFactory<TypeMapping> = defineComponent({
  type: "TypesMap",
  kind: "types_map",
  description: "Maps an API's field type onto an Airbyte type",
  schema: Type.Object({
    target_type: jsonSchema<TargetType>({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }, { type: "object", required: ["field_type"] }] }),
    current_type: jsonSchema<string | string[]>({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }),
    condition: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const condition = def.condition ? ctx.get(Interpolator).compile(def.condition, { path: `${ctx.path}.condition`, names: ["raw_schema"] }) : undefined;
    const current = JSON.stringify(def.current_type);
    return {
      map(type, rawSchema, config) {
        if (JSON.stringify(type) !== current) return undefined;
        if (condition && !condition.test({ config, parameters: {}, raw_schema: rawSchema })) return undefined;
        return def.target_type;
      },
    };
  },
});
