import { ConfigError, Interpolator, SluiceError, Type, componentSchema, defineComponent, jsonSchema, type CompiledValue, type ComponentFactory, type ConfigValidator, type ConnectorConfig, type ValidationStrategy } from "../../sdk/index.js";

/**
 * `PredicateValidator`: checks `value` (a literal, or a template over `config`) with its
 * `validation_strategy`; a failure is a config error before any request.
 *
 * @example
 * config_normalization_rules:
 *   validations:
 *     - type: PredicateValidator
 *       value: "{{ config['filters'] }}"
 *       validation_strategy: { type: ValidateAdheresToSchema, base_schema: { type: array } }
 */
export class PredicateValidator implements ConfigValidator {
  constructor(private readonly value: CompiledValue, private readonly strategy: ValidationStrategy, private readonly manifestPath: string) {}

  validate(config: ConnectorConfig): void {
    try {
      this.strategy.validate(this.value.eval({ config }));
    } catch (error) {
      throw new ConfigError("CONFIG_VALIDATION_FAILED", `${this.manifestPath}.value: ${error instanceof Error ? error.message : String(error)}`, {
        where: { manifestPath: `${this.manifestPath}.value` },
        expected: error instanceof SluiceError ? error.expected : undefined,
        found: error instanceof SluiceError ? error.found : undefined,
        cause: error,
      });
    }
  }
}

/** The manifest component; see {@link PredicateValidator}. */
export const PredicateValidatorComponent: ComponentFactory<PredicateValidator> = defineComponent({
  type: "PredicateValidator",
  kind: "config_validator",
  description: "Validator that applies a validation strategy to a specified value.",
  examples: [{ value: "{{ config['filters'] }}", validation_strategy: { type: "ValidateAdheresToSchema", base_schema: { type: "array" } } }],
  customFieldTypes: { validation_strategy: "CustomValidationStrategy" },
  schema: Type.Object({
    value: jsonSchema<unknown>({ type: ["string", "number", "object", "array", "boolean", "null"], title: "Value", description: "The value to be validated. Can be a literal value or interpolated from configuration." }),
    validation_strategy: componentSchema("validation_strategy"),
  }, { title: "Predicate Validator" }),
  async build(def, ctx) {
    const strategy = await ctx.build<ValidationStrategy>("validation_strategy");
    return new PredicateValidator(ctx.get(Interpolator).compileNested(def.value, { path: `${ctx.path}.value`, names: [] }), strategy, ctx.path);
  },
});
