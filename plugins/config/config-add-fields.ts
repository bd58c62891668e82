import { ConfigTransformation, Interpolator, ManifestError, Type, defineComponent, jsonSchema, type CompiledTemplate, type CompiledValue, type ComponentFactory, type ConnectorConfig } from "../../sdk/index.js";
import { setPath } from "../../python/dpath.js";
import { VALUE_TYPES, interpolatedString } from "../shared/interpolated-string.js";

/**
 * `ConfigAddFields`: adds (or overwrites) config fields, nested paths created as needed (the kit's
 * `dpath.new`). Each `value` is a template over `config`; with a `condition` (which also sees `value`
 * and `path`), a field is added only where it holds.
 *
 * @example
 * config_normalization_rules:
 *   transformations:
 *     - type: ConfigAddFields
 *       fields:
 *         - path: [credentials, auth_type]
 *           value: api_key
 *       condition: "{{ 'api_key' in config }}"
 */
export class ConfigAddFields extends ConfigTransformation {
  constructor(private readonly fields: ReadonlyArray<{ path: string[]; value: CompiledValue }>, private readonly condition: CompiledTemplate | undefined) {
    super();
  }

  transform(config: ConnectorConfig): void {
    for (const field of this.fields) {
      const value = field.value.eval({ config });
      if (!this.condition || this.condition.test({ config, value, path: field.path })) setPath(config, field.path, value);
    }
  }
}

/** The manifest component; see {@link ConfigAddFields}. */
export const ConfigAddFieldsComponent: ComponentFactory<ConfigAddFields> = defineComponent({
  type: "ConfigAddFields",
  kind: "config_transformation",
  description: "Transformation that adds fields to a config. The path of the added field can be nested.",
  examples: [{ fields: [{ path: ["auth_type"], value: "api_key" }], condition: "{{ 'api_key' in config }}" }],
  schema: Type.Object({
    fields: Type.Array(Type.Object({
      type: Type.Optional(Type.Literal("AddedFieldDefinition")),
      path: Type.Array(Type.String()),
      value: Type.String(),
      value_type: Type.Optional(jsonSchema<keyof typeof VALUE_TYPES>({ enum: Object.keys(VALUE_TYPES) })),
    }), { title: "Fields", description: "A list of transformations (path and corresponding value) that will be added to the config." }),
    condition: Type.Optional(Type.String({ description: "Fields will be added if expression is evaluated to True." })),
  }, { title: "Config Add Fields" }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const fields = def.fields.map((field, i) => {
      const where = `${ctx.path}.fields[${i}]`;
      if (field.path.length === 0) {
        throw new ManifestError("MANIFEST_INVALID", "Expected a non-zero-length path for the ConfigAddFields transformation", { where: { manifestPath: `${where}.path` }, expected: "a list of keys, e.g. [credentials, auth_type]", found: "[]" });
      }
      const template = interpolator.compile(field.value, { path: `${where}.value`, names: [] });
      return { path: field.path.map(String), value: interpolatedString(template, VALUE_TYPES[field.value_type as keyof typeof VALUE_TYPES]) };
    });
    const condition = def.condition ? interpolator.compile(def.condition, { path: `${ctx.path}.condition`, names: ["value", "path"] }) : undefined;
    return new ConfigAddFields(fields, condition);
  },
});
