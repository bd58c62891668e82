import { Type, componentSchema, defineComponent, type ComponentFactory, type ConfigTransformation, type ConnectorConfig } from "../../sdk/index.js";

/**
 * `ConfigMigration`: transformations that move a config written for an older spec to the current one.
 * Unlike the rules' plain `transformations`, a config a migration changed is saved (the platform
 * receives it in a CONTROL message, the CLI rewrites the `--config` file).
 *
 * @example
 * config_normalization_rules:
 *   config_migrations:
 *     - type: ConfigMigration
 *       description: start_date moved under date_range
 *       transformations:
 *         - { type: ConfigAddFields, fields: [{ path: [date_range, start_date], value: "{{ config.start_date }}" }], condition: "{{ config.start_date }}" }
 *         - { type: ConfigRemoveFields, field_pointers: [[start_date]] }
 */
export class ConfigMigration {
  constructor(readonly transformations: readonly ConfigTransformation[], readonly description?: string) {}

  apply(config: ConnectorConfig): void {
    for (const transformation of this.transformations) transformation.transform(config);
  }
}

/** The manifest component; see {@link ConfigMigration}. */
export const ConfigMigrationComponent: ComponentFactory<ConfigMigration> = defineComponent({
  type: "ConfigMigration",
  kind: "config_migration",
  description: "A config migration that will be applied on the incoming config at the start of a sync.",
  examples: [{ description: "api_key moved under credentials", transformations: [{ type: "ConfigRemapField", field_path: ["region"], map: { Europe: "eu" } }] }],
  schema: Type.Object({
    description: Type.Optional(Type.String({ description: "The description/purpose of the config migration." })),
    transformations: Type.Array(componentSchema("config_transformation"), { title: "Transformations", description: "The list of transformations that will attempt to be applied on an incoming unmigrated config. The transformations will be applied in the order they are defined." }),
  }, { title: "Config Migration" }),
  async build(def, ctx) {
    const transformations = await Promise.all(def.transformations.map((t, i) => ctx.buildChild<ConfigTransformation>(t, `${ctx.path}.transformations[${i}]`)));
    return new ConfigMigration(transformations, def.description);
  },
});
