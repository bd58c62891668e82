import { ConfigTransformation, Interpolator, Type, defineComponent, type CompiledTemplate, type ComponentFactory, type ConnectorConfig } from "../../sdk/index.js";
import { deletePath } from "../../python/dpath.js";

/**
 * `ConfigRemoveFields`: removes config fields (`field_pointers`, paths that may use `*` and `**` as
 * the kit's `dpath.delete`); a missing field is no error. With a `condition` over `config`, nothing is
 * removed unless it holds.
 *
 * @example
 * config_normalization_rules:
 *   config_migrations:
 *     - type: ConfigMigration
 *       transformations:
 *         - type: ConfigRemoveFields
 *           field_pointers: [[legacy_token], [credentials, old_secret]]
 *           condition: "{{ 'credentials' in config }}"
 */
export class ConfigRemoveFields extends ConfigTransformation {
  constructor(private readonly pointers: readonly string[][], private readonly condition: CompiledTemplate | undefined) {
    super();
  }

  transform(config: ConnectorConfig): void {
    if (this.condition && !this.condition.test({ config })) return;
    for (const pointer of this.pointers) deletePath(config, pointer);
  }
}

/** The manifest component; see {@link ConfigRemoveFields}. */
export const ConfigRemoveFieldsComponent: ComponentFactory<ConfigRemoveFields> = defineComponent({
  type: "ConfigRemoveFields",
  kind: "config_transformation",
  description: "Transformation that removes a field from the config.",
  examples: [{ field_pointers: [["legacy_token"]] }],
  schema: Type.Object({
    field_pointers: Type.Array(Type.Array(Type.String()), { title: "Field Pointers", description: "A list of field pointers to be removed from the config." }),
    condition: Type.Optional(Type.String({ description: "Fields will be removed if expression is evaluated to True." })),
  }, { title: "Config Remove Fields" }),
  build(def, ctx) {
    const condition = def.condition ? ctx.get(Interpolator).compile(def.condition, { path: `${ctx.path}.condition`, names: [] }) : undefined;
    return new ConfigRemoveFields(def.field_pointers.map((p) => p.map(String)), condition);
  },
});
