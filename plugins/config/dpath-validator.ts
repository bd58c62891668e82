import { ConfigError, Logger, SluiceError, Type, componentSchema, defineComponent, type ComponentFactory, type ConfigValidator, type ConnectorConfig, type ValidationStrategy } from "../../sdk/index.js";
import { getPath, valuesAt } from "../../python/dpath.js";

/**
 * `DpathValidator`: checks the config value at `field_path` with its `validation_strategy`; `*` checks
 * every value of a list or object there. A missing field is skipped (logged), as in the kit. A failure
 * is a config error naming the field, before any request.
 *
 * @example
 * config_normalization_rules:
 *   validations:
 *     - type: DpathValidator
 *       field_path: [custom_reports]
 *       validation_strategy:
 *         type: ValidateAdheresToSchema
 *         base_schema: { type: array, items: { type: object, required: [name] } }
 */
export class DpathValidator implements ConfigValidator {
  constructor(private readonly path: readonly string[], private readonly strategy: ValidationStrategy, private readonly where: { manifestPath: string; logger?: Logger }) {}

  validate(config: ConnectorConfig): void {
    const values = this.path.includes("*") ? valuesAt(config, this.path) : found(getPath(config, this.path));
    if (values.length === 0) {
      this.where.logger?.info(`Validation skipped. Key not found: ${this.path.join(".")}`);
      return;
    }
    for (const value of values) {
      try {
        this.strategy.validate(value);
      } catch (error) {
        const field = `config.${this.path.join(".")}`;
        const message = error instanceof Error ? error.message : String(error);
        throw new ConfigError("CONFIG_VALIDATION_FAILED", `${field}: ${message}`, {
          where: { manifestPath: this.where.manifestPath },
          expected: error instanceof SluiceError ? error.expected : undefined,
          found: error instanceof SluiceError ? error.found : undefined,
          cause: error,
        });
      }
    }
  }
}

function found(lookup: { found: boolean; value?: unknown }): unknown[] {
  return lookup.found ? [lookup.value] : [];
}

/** The manifest component; see {@link DpathValidator}. */
export const DpathValidatorComponent: ComponentFactory<DpathValidator> = defineComponent({
  type: "DpathValidator",
  kind: "config_validator",
  description: "Validator that extracts the value located at a given field path.",
  examples: [{ field_path: ["custom_reports"], validation_strategy: { type: "ValidateAdheresToSchema", base_schema: { type: "array" } } }],
  customFieldTypes: { validation_strategy: "CustomValidationStrategy" },
  schema: Type.Object({
    field_path: Type.Array(Type.String(), { title: "Field Path", description: "List of potentially nested fields describing the full path of the field to validate. Use \"*\" to validate all values from an array." }),
    validation_strategy: componentSchema("validation_strategy"),
  }, { title: "Dpath Validator" }),
  async build(def, ctx) {
    const strategy = await ctx.build<ValidationStrategy>("validation_strategy");
    return new DpathValidator(def.field_path.map(String), strategy, { manifestPath: ctx.path, logger: ctx.optional(Logger) });
  },
});
