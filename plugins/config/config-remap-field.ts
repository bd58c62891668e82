import { ConfigTransformation, Interpolator, ManifestError, Type, defineComponent, jsonSchema, type CompiledTemplate, type CompiledValue, type ComponentFactory, type ConnectorConfig } from "../../sdk/index.js";
import { getPath } from "../../python/dpath.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * `ConfigRemapField`: replaces the value at `field_path` by its entry in `map` when it has one (a value
 * not in the map, or a missing field, is left as it is). The path's keys and the map are templates over
 * `config`.
 *
 * @example
 * config_normalization_rules:
 *   transformations:
 *     - type: ConfigRemapField
 *       field_path: [region]
 *       map: { "Europe": "eu", "United States": "us" }
 */
export class ConfigRemapField extends ConfigTransformation {
  constructor(private readonly path: readonly CompiledTemplate[], private readonly map: CompiledValue) {
    super();
  }

  transform(config: ConnectorConfig): void {
    const keys = this.path.map((key) => String(key.eval({ config }) ?? ""));
    const parent = getPath(config, keys.slice(0, -1));
    const current = parent.value;
    if (!parent.found || !isJsonObject(current)) return;
    const field = keys[keys.length - 1]!;
    const mapping = this.map.eval({ config });
    if (!(field in current) || !isJsonObject(mapping)) return;
    const key = current[field];
    if ((typeof key === "string" || typeof key === "number" || typeof key === "boolean") && Object.hasOwn(mapping, String(key))) current[field] = mapping[String(key)];
  }
}

/** The manifest component; see {@link ConfigRemapField}. */
export const ConfigRemapFieldComponent: ComponentFactory<ConfigRemapField> = defineComponent({
  type: "ConfigRemapField",
  kind: "config_transformation",
  description: "Transformation that remaps a field's value to another value based on a static map.",
  examples: [{ field_path: ["region"], map: { Europe: "eu", "United States": "us" } }],
  schema: Type.Object({
    map: jsonSchema<Record<string, unknown> | string>({ type: ["object", "string"], title: "Value Mapping", description: "A mapping of original values to new values. When a field value matches a key in this map, it will be replaced with the corresponding value." }),
    field_path: Type.Array(Type.String(), { title: "Field Path", description: "The path to the field whose value should be remapped. Specified as a list of path components to navigate through nested objects." }),
  }, { title: "Remap Field" }),
  build(def, ctx) {
    if (def.field_path.length === 0) {
      throw new ManifestError("MANIFEST_INVALID", "field_path cannot be empty.", { where: { manifestPath: `${ctx.path}.field_path` }, expected: "a list of keys, e.g. [region]", found: "[]" });
    }
    const interpolator = ctx.get(Interpolator);
    const path = def.field_path.map((key, i) => interpolator.compile(String(key), { path: `${ctx.path}.field_path[${i}]`, names: [] }));
    return new ConfigRemapField(path, interpolator.compileNested(def.map, { path: `${ctx.path}.map`, names: [] }));
  },
});
