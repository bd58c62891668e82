/**
 * How the Airbyte protocol classifies a failure in a TRACE message.
 *
 * @example
 * throw new ConfigError("CONFIG_INVALID", "api_key is missing", { failureType: "config_error" });
 */
export type FailureType = "config_error" | "system_error" | "transient_error";
