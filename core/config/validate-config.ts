import type { ValidateFunction } from "ajv";
import { ajvNow, loadAjv } from "../../sdk/plugin/load-ajv.js";
import { ConfigError, type ConnectorConfig, type JsonSchema } from "../../sdk/index.js";
import { pySearchPattern } from "../../python/regex.js";
import { nearestMatch } from "../../pure/nearest-match.js";
import { configSurelyValid } from "./config-surely-valid.js";

/** Ajv's regular-expression engine for specs: `pattern`s are Python `re` patterns (the kit validates with Python). */
const pythonPatterns = Object.assign((pattern: string) => pySearchPattern(pattern), { code: "pySearchPattern" });

/**
 * The specs compiled lately, by their JSON text: the Builder checks the testing values against a spec
 * parsed anew at every pause in typing, and compiling it (with ajv's meta-schema) took longer than
 * the check. Bounded: the oldest goes first.
 */
const compiledSpecs = new Map<string, ValidateFunction>();
const COMPILED_SPECS_KEPT = 32;

function compiledSpec(schema: JsonSchema): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiledSpecs.get(text);
  if (validate) return validate;
  const ajv = new (ajvNow())({ allErrors: true, strict: false, allowUnionTypes: true, validateSchema: false, verbose: true, validateFormats: false, logger: false, code: { regExp: pythonPatterns } });
  try {
    validate = ajv.compile(withoutSchemaUri(schema));
  } catch (error) {
    throw new ConfigError("SPEC_INVALID", `The connector's connection_specification is not a valid JSON Schema: ${(error as Error).message}`, {
      where: { manifestPath: "spec.connection_specification" },
      cause: error,
    });
  }
  if (compiledSpecs.size >= COMPILED_SPECS_KEPT) compiledSpecs.delete(compiledSpecs.keys().next().value!);
  compiledSpecs.set(text, validate);
  return validate;
}

/**
 * Checks the end user's config against the connector's `spec.connection_specification` before any
 * request, and names every bad field (`config.start_date: must be string, found 20240101`). A config
 * the quick check finds valid (core/config/config-surely-valid.ts) is not given to ajv; every other
 * config is, and ajv reports its problems. Call {@link checkConfig} where you can await: it loads the
 * bundle's ajv only when needed.
 *
 * @example
 * validateConfig({ api_key: 1 }, spec.connectionSpecification, "secrets/config.json");
 */
export function validateConfig(config: ConnectorConfig, schema: JsonSchema | undefined, file?: string): void {
  if (!schema || configSurelyValid(config, schema)) return;
  const validate = compiledSpec(schema);
  if (validate(config)) return;
  const problems = (validate.errors ?? [])
    .filter((e) => e.keyword !== "if" && !(e.keyword === "oneOf" && (validate.errors?.length ?? 0) > 1))
    .map((e) => {
      const field = `config${e.instancePath.replace(/\//g, ".")}`;
      if (e.keyword === "required") return `${field}.${String(e.params.missingProperty)}: a required field is missing${misspelling(e.data, String(e.params.missingProperty), e.parentSchema)}`;
      if (e.keyword === "enum") return `${field}: must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
      if (e.keyword === "type") return `${field}: must be ${String(e.params.type)}, found ${typeof e.data === "object" ? (Array.isArray(e.data) ? "a list" : "an object") : typeof e.data}`;
      return `${field}: ${e.message ?? e.keyword}`;
    });
  const unique = [...new Set(problems)];
  throw new ConfigError("CONFIG_INVALID", `The config does not match the connector's spec (${unique.length} problem${unique.length === 1 ? "" : "s"}):\n${unique.map((p) => `  - ${p}`).join("\n")}`, {
    where: { file },
    expected: "a config matching spec.connection_specification",
  });
}

/**
 * {@link validateConfig}, loading ajv first when the quick check cannot vouch for the config: a valid
 * config of a usual spec is checked without ajv's code ever being loaded.
 *
 * @example
 * await checkConfig(config, definition.spec?.connectionSpecification, "secrets/config.json");
 */
export async function checkConfig(config: ConnectorConfig, schema: JsonSchema | undefined, file?: string): Promise<void> {
  if (!schema || configSurelyValid(config, schema)) return;
  await loadAjv();
  validateConfig(config, schema, file);
}

/** ` (the config has 'api_kye': did you mean 'api_key'?)` when a key the spec does not declare is near the missing one. */
function misspelling(data: unknown, missing: string, schema: unknown): string {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "";
  const declared = Object.keys(((schema as { properties?: object } | undefined)?.properties ?? {}) as object);
  const near = nearestMatch(missing, Object.keys(data).filter((key) => !declared.includes(key)));
  return near ? ` (the config has '${near}': did you mean '${missing}'?)` : "";
}

/** Names of the config fields marked `airbyte_secret` anywhere in the spec (nested objects and oneOf branches included). */
export function secretFieldNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) secretFieldNames(item, names);
  else if (schema && typeof schema === "object") {
    const node = schema as Record<string, unknown>;
    const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
    if (properties && typeof properties === "object") {
      for (const [name, property] of Object.entries(properties)) if (property && property.airbyte_secret === true) names.add(name);
    }
    for (const value of Object.values(node)) if (value && typeof value === "object") secretFieldNames(value, names);
  }
  return names;
}

/** Every value in the config whose key is one of `names`, at any depth. */
export function* secretValues(config: unknown, names: ReadonlySet<string>): Generator<unknown> {
  if (Array.isArray(config)) for (const item of config) yield* secretValues(item, names);
  else if (config && typeof config === "object") {
    for (const [key, value] of Object.entries(config)) {
      if (names.has(key) && (typeof value === "string" || typeof value === "number")) yield value;
      else yield* secretValues(value, names);
    }
  }
}

function withoutSchemaUri(schema: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
