import { Interpolator, SluiceError, Type, componentSchema, defineComponent, type ComponentFactory, type ConnectorConfig, type JsonSchema } from "../../sdk/index.js";
import { getPath } from "../../python/index.js";
import type { ComplexFieldType, TargetType, TypeMapping } from "./types-map.js";

/** The kit's Airbyte types, by name: what a field's (mapped) type becomes in the JSON Schema. */
const AIRBYTE_TYPES: Record<string, JsonSchema> = {
  string: { type: ["null", "string"] },
  boolean: { type: ["null", "boolean"] },
  date: { type: ["null", "string"], format: "date" },
  timestamp_without_timezone: { type: ["null", "string"], format: "date-time", airbyte_type: "timestamp_without_timezone" },
  timestamp_with_timezone: { type: ["null", "string"], format: "date-time" },
  time_without_timezone: { type: ["null", "string"], format: "time", airbyte_type: "time_without_timezone" },
  time_with_timezone: { type: ["null", "string"], format: "time", airbyte_type: "time_with_timezone" },
  integer: { type: ["null", "integer"] },
  number: { type: ["null", "number"] },
  array: { type: ["null", "array"] },
  object: { type: ["null", "object"] },
};

/**
 * A built `SchemaTypeIdentifier`: turns a schema response into JSON Schema properties.
 *
 * @example
 * identifier.properties({ fields: [{ name: "Total", type: "number" }] }, config); // { Total: { type: ["null", "number"] } }
 */
export interface SchemaProperties {
  properties(response: unknown, config: ConnectorConfig): Record<string, JsonSchema>;
}

/**
 * `SchemaTypeIdentifier`: where a `DynamicSchemaLoader` finds the fields in the API's schema record
 * (`schema_pointer`, default: the record itself), and in each field its name (`key_pointer`) and type
 * (`type_pointer`; no pointer or no value: `string`). `types_mapping` turns the API's types into Airbyte
 * types (`string`, `integer`, `number`, `boolean`, `date`, `timestamp_with_timezone`, `array`,
 * `object`...); a pair of types becomes a `oneOf`.
 *
 * @example
 * schema_type_identifier:
 *   type: SchemaTypeIdentifier
 *   schema_pointer: [fields]
 *   key_pointer: [name]
 *   type_pointer: [type]
 *   types_mapping:
 *     - { type: TypesMap, current_type: singleLineText, target_type: string }
 */
export const SchemaTypeIdentifierComponent: ComponentFactory<SchemaProperties> = defineComponent({
  type: "SchemaTypeIdentifier",
  kind: "schema_type_identifier",
  description: "Finds field names and types in a schema response",
  fieldDefaults: { types_mapping: "TypesMap" },
  schema: Type.Object({
    schema_pointer: Type.Optional(Type.Array(Type.String())),
    key_pointer: Type.Array(Type.String()),
    type_pointer: Type.Optional(Type.Array(Type.String())),
    types_mapping: Type.Optional(Type.Array(componentSchema("types_map"))),
  }),
  async build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const pointer = (keys: readonly string[] | undefined, field: string) => (keys ?? []).map((key, i) => interpolator.compile(key, { path: `${ctx.path}.${field}[${i}]` }));
    const schemaPointer = pointer(def.schema_pointer, "schema_pointer");
    const keyPointer = pointer(def.key_pointer, "key_pointer");
    const typePointer = def.type_pointer?.length ? pointer(def.type_pointer, "type_pointer") : undefined;
    const mappings = await Promise.all((def.types_mapping ?? []).map((m, i) => ctx.buildChild<TypeMapping>(m, `${ctx.path}.types_mapping[${i}]`)));
    const where = ctx.path;
    return {
      properties(response, config) {
        const keys = (compiled: typeof schemaPointer) => compiled.map((key) => key.render({ config, parameters: ctx.parameters }));
        const fields = extract(response, keys(schemaPointer));
        const properties: Record<string, JsonSchema> = {};
        for (const field of Array.isArray(fields) ? fields : []) {
          const raw = (field ?? {}) as Record<string, unknown>;
          const key = extract(raw, keys(keyPointer));
          if (typeof key !== "string") throw invalid(where, "a string field name at key_pointer", key);
          const found = typePointer ? getPath(raw, keys(typePointer)) : { found: false };
          const type = found.found ? found.value : "string";
          const mapped = mappings.reduce<TargetType | undefined>((chosen, m) => chosen ?? m.map(type, raw, config), undefined) ?? (type as TargetType);
          properties[key] = airbyteSchema(mapped, where);
        }
        return properties;
      },
    };
  },
});

function extract(body: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return body;
  const found = getPath(body, path);
  return found.found ? found.value : undefined;
}

/** The JSON Schema of a mapped type: a name, a pair of names (`oneOf`), or an array type with its items. */
function airbyteSchema(type: unknown, where: string): JsonSchema {
  if (typeof type === "string") return named(type, where);
  if (Array.isArray(type) && type.length === 2 && type.every((t) => typeof t === "string")) return { oneOf: [named(type[0], where), named(type[1], where)] };
  if (typeof type === "object" && type !== null && typeof (type as ComplexFieldType).field_type === "string") {
    const complex = type as ComplexFieldType;
    const schema = named(complex.field_type, where);
    if (complex.items !== undefined) schema.items = airbyteSchema(complex.items, where);
    return schema;
  }
  throw invalid(where, "a type name or a list of two (after types_mapping)", type);
}

function named(type: string, where: string): JsonSchema {
  const schema = AIRBYTE_TYPES[type];
  if (!schema) throw invalid(where, `one of the Airbyte types ${Object.keys(AIRBYTE_TYPES).join(", ")} (map the API's type with a TypesMap)`, type);
  return structuredClone(schema);
}

function invalid(where: string, expected: string, found: unknown): SluiceError {
  return new SluiceError("DYNAMIC_SCHEMA_INVALID", `The schema response does not fit ${where}`, { where: { manifestPath: where }, expected, found: JSON.stringify(found ?? null) });
}
