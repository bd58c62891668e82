import { Type, componentSchema, defineComponent, type ComponentFactory, type ConfigNormalizer, type ConfigTransformation, type ConfigValidator, type ConnectorConfig } from "../../sdk/index.js";
import type { ConfigMigration } from "./config-migration.js";

/**
 * `ConfigNormalizationRules` (the spec's `config_normalization_rules`): what is done to the end user's
 * config before anything else, in the kit's order. The `config_migrations` run first; when they changed
 * the config it is saved (a CONTROL message for the platform, the `--config` file for a person). The
 * migrated config is then checked against the spec, the `transformations` are applied (not saved), and
 * the `validations` run: a failure is a config error naming the field, before any request.
 *
 * @example
 * spec:
 *   type: Spec
 *   connection_specification: { ... }
 *   config_normalization_rules:
 *     type: ConfigNormalizationRules
 *     config_migrations:
 *       - type: ConfigMigration
 *         transformations:
 *           - { type: ConfigRemapField, field_path: [region], map: { Europe: eu } }
 *     transformations:
 *       - { type: ConfigAddFields, fields: [{ path: [base_url], value: "https://{{ config.region }}.api.example.com" }] }
 *     validations:
 *       - { type: DpathValidator, field_path: [filters], validation_strategy: { type: ValidateAdheresToSchema, base_schema: { type: array } } }
 */
export class ConfigNormalizationRules implements ConfigNormalizer {
  readonly kind = "config_normalization_rules" as const;

  constructor(private readonly parts: { migrations: readonly ConfigMigration[]; transformations: readonly ConfigTransformation[]; validations: readonly ConfigValidator[] }) {}

  migrate(config: ConnectorConfig): boolean {
    if (this.parts.migrations.length === 0) return false;
    const before = JSON.stringify(config);
    for (const migration of this.parts.migrations) migration.apply(config);
    return JSON.stringify(config) !== before;
  }

  transform(config: ConnectorConfig): void {
    for (const transformation of this.parts.transformations) transformation.transform(config);
  }

  validate(config: ConnectorConfig): void {
    for (const validator of this.parts.validations) validator.validate(config);
  }
}

/** The manifest component; see {@link ConfigNormalizationRules}. */
export const ConfigNormalizationRulesComponent: ComponentFactory<ConfigNormalizer> = defineComponent({
  type: "ConfigNormalizationRules",
  kind: "config_normalization_rules",
  description: "Config Normalization Rules: migrations, transformations and validations applied to the incoming config",
  examples: [{ transformations: [{ type: "ConfigRemapField", field_path: ["region"], map: { Europe: "eu" } }] }],
  customFieldTypes: { transformations: "CustomConfigTransformation" },
  schema: Type.Object({
    config_migrations: Type.Optional(Type.Array(componentSchema("config_migration"), { title: "Config Migrations", description: "The discrete migrations that will be applied on the incoming config. Each migration will be applied in the order they are defined." })),
    transformations: Type.Optional(Type.Array(componentSchema("config_transformation"), { title: "Transformations", description: "The list of transformations that will be applied on the incoming config at the start of each sync. The transformations will be applied in the order they are defined." })),
    validations: Type.Optional(Type.Array(componentSchema("config_validator"), { title: "Validations", description: "The list of validations that will be performed on the incoming config at the start of each sync." })),
  }, { title: "Config Normalization Rules" }),
  async build(def, ctx) {
    const list = <T>(field: "config_migrations" | "transformations" | "validations") =>
      Promise.all((def[field] ?? []).map((item, i) => ctx.buildChild<T>(item, `${ctx.path}.${field}[${i}]`)));
    return new ConfigNormalizationRules({ migrations: await list<ConfigMigration>("config_migrations"), transformations: await list<ConfigTransformation>("transformations"), validations: await list<ConfigValidator>("validations") });
  },
});
