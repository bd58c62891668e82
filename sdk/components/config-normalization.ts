import type { ConnectorConfig } from "../services/config-store.js";

/**
 * One change to the end user's config (`ConfigRemapField`, `ConfigAddFields`, `ConfigRemoveFields`, a
 * `CustomConfigTransformation`), made in place before the connector is built.
 *
 * @example
 * class Uppercase extends ConfigTransformation {
 *   transform(config: ConnectorConfig) { config.region = String(config.region).toUpperCase(); }
 * }
 */
export abstract class ConfigTransformation {
  /** Changes `config` in place. */
  abstract transform(config: ConnectorConfig): void;
}

/**
 * A check of one value (`ValidateAdheresToSchema`, a `CustomValidationStrategy`): throws when the value
 * is not valid (a `ConfigError` naming what was expected).
 *
 * @example
 * class NonEmpty extends ValidationStrategy {
 *   validate(value: unknown) { if (!value) throw new ConfigError("CONFIG_VALIDATION_FAILED", "empty"); }
 * }
 */
export abstract class ValidationStrategy {
  abstract validate(value: unknown): void;
}

/**
 * A check of the config (`DpathValidator`, `PredicateValidator`): throws a `ConfigError` when it fails.
 *
 * @example
 * validator.validate({ start_date: "2024-01-01" }); // throws CONFIG_VALIDATION_FAILED naming the field when it does not hold
 */
export interface ConfigValidator {
  validate(config: ConnectorConfig): void;
}

/**
 * The spec's `config_normalization_rules`, built: applied to the incoming config before anything else,
 * in the kit's order: the migrations (a changed config is saved: the platform gets a CONTROL message),
 * the check against the spec, the transformations (not saved), then the validations.
 *
 * @example
 * rules.migrate(config);   // true when the config changed (save it)
 * rules.transform(config);
 * rules.validate(config);  // throws CONFIG_VALIDATION_FAILED naming the field
 */
export interface ConfigNormalizer {
  readonly kind: "config_normalization_rules";
  /** Applies the migrations in place; true when the config changed. */
  migrate(config: ConnectorConfig): boolean;
  /** Applies the transformations in place. */
  transform(config: ConnectorConfig): void;
  /** Runs the validations; throws at the first that fails. */
  validate(config: ConnectorConfig): void;
}
