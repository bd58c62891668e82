import { Validator } from "@cfworker/json-schema";
import type { ConnectorConfig, JsonSchema } from "../../sdk/index.js";
import { translatePattern } from "../../python/regex.js";

/**
 * Keywords ajv enforces whose reading here would take more care than they are worth (they are rare in
 * connection specs): a spec using one is always checked by ajv.
 */
const LEFT_TO_AJV = new Set([
  "$id", "id", "$anchor", "$recursiveRef", "$recursiveAnchor", "$dynamicRef", "$dynamicAnchor",
  "dependencies", "dependentRequired", "dependentSchemas", "propertyNames", "patternProperties",
  "contains", "minContains", "maxContains", "prefixItems", "additionalItems", "unevaluatedProperties", "unevaluatedItems",
  "discriminator", "nullable", "$data",
]);
/** Keywords whose value is one schema (or a boolean). */
const ONE_SCHEMA = new Set(["additionalProperties", "not", "if", "then", "else", "items"]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(["allOf", "anyOf", "oneOf"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(["properties", "definitions", "$defs"]);

/** The quick validators made lately, by the spec's JSON text (false: the spec is left to ajv). Bounded. */
const validators = new Map<string, Validator | false>();
const VALIDATORS_KEPT = 32;

/**
 * True when the config certainly matches the spec; false when ajv must decide (the config may be
 * wrong, or the spec uses something this check leaves to ajv). A config that passes here passes ajv:
 * ajv (about 270 KB of code, and ~20 ms to generate a spec's validator, paid by every `check`,
 * `discover` and `read` in a new container) is then never loaded, and stays the one that reports every
 * problem with its message. The check is @cfworker/json-schema, which reads a schema without compiling
 * it, over a copy of the spec read as ajv reads it: `format` ignored, and each `pattern` a Python `re`
 * pattern (translated as for ajv; a pattern that needs a flag is left to ajv).
 *
 * @example
 * configSurelyValid({ api_key: "k" }, { type: "object", required: ["api_key"] }); // true
 * configSurelyValid({}, { type: "object", required: ["api_key"] });               // false: ajv says why
 */
export function configSurelyValid(config: ConnectorConfig, schema: JsonSchema): boolean {
  const text = JSON.stringify(schema);
  let validator = validators.get(text);
  if (validator === undefined) {
    validator = quickValidator(schema);
    if (validators.size >= VALIDATORS_KEPT) validators.delete(validators.keys().next().value!);
    validators.set(text, validator);
  }
  if (!validator) return false;
  try {
    return validator.validate(config).valid;
  } catch {
    return false; // a $ref it cannot resolve: ajv reports it
  }
}

/**
 * The quick validator of a spec, or false when the spec is left to ajv: a keyword left to it, a value
 * ajv would refuse to compile (`SPEC_INVALID` is then still reported), a `$ref` that does not resolve, or
 * a `$id` the validator cannot place.
 */
function quickValidator(schema: JsonSchema): Validator | false {
  const refs: Array<{ __absolute_ref__?: string }> = [];
  const readable = readableCopy(schema, refs);
  if (readable === undefined) return false;
  try {
    const validator = new Validator(readable as never, "2019-09", true);
    // Every $ref resolves, even one in a branch the config never reaches (ajv refuses to compile otherwise).
    const lookup = (validator as unknown as { lookup: Record<string, unknown> }).lookup;
    return refs.every((node) => node.__absolute_ref__ !== undefined && lookup[node.__absolute_ref__] !== undefined) ? validator : false;
  } catch {
    return false;
  }
}

/** The JSON types a `type` keyword names. */
const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
/** Keywords ajv compiles only with a number, a boolean or a list of strings as their value. */
const NUMBER_VALUED = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"]);

/** Whether ajv would compile this keyword's value (the checks its keyword definitions make without the meta-schema). */
function compilableValue(key: string, value: unknown): boolean {
  if (key === "type") return typeof value === "string" ? JSON_TYPES.has(value) : Array.isArray(value) && value.every((t) => typeof t === "string" && JSON_TYPES.has(t));
  if (key === "required") return Array.isArray(value) && value.every((name) => typeof name === "string");
  if (key === "enum") return Array.isArray(value);
  if (key === "uniqueItems") return typeof value === "boolean";
  if (NUMBER_VALUED.has(key)) return typeof value === "number";
  return true;
}

/**
 * A copy of a schema as ajv reads it, or undefined when ajv must read it. Draft 2019-09 is what the copy
 * is read as because ajv applies a `$ref`'s sibling keywords too (draft 7 would skip them); `format` is
 * dropped (ajv runs with `validateFormats: false`). Each copied node with a `$ref` is added to `refs`.
 */
function readableCopy(schema: unknown, refs: object[]): unknown {
  if (typeof schema === "boolean") return schema;
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return undefined;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (LEFT_TO_AJV.has(key) || key === "__proto__" || !compilableValue(key, value)) return undefined;
    if (key === "format" || key === "$schema") continue;
    if (key === "$ref") {
      if (typeof value !== "string" || !value.startsWith("#")) return undefined;
      copy[key] = value;
      refs.push(copy);
    } else if (key === "pattern") {
      const pattern = jsPattern(value);
      if (pattern === undefined) return undefined;
      copy[key] = pattern;
    } else if (ONE_SCHEMA.has(key)) {
      const sub = readableCopy(value, refs);
      if (sub === undefined) return undefined;
      copy[key] = sub;
    } else if (SCHEMA_LIST.has(key)) {
      if (!Array.isArray(value)) return undefined;
      const subs = value.map((sub) => readableCopy(sub, refs));
      if (subs.includes(undefined)) return undefined;
      copy[key] = subs;
    } else if (SCHEMA_MAP.has(key)) {
      if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
      const subs: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) {
        const read = name === "__proto__" ? undefined : readableCopy(sub, refs); // an assignment would set the copy's prototype
        if (read === undefined) return undefined;
        subs[name] = read;
      }
      copy[key] = subs;
    } else {
      // A value (enum, const, default) or a keyword both read alike; copied, since the validator marks the objects it walks.
      copy[key] = value !== null && typeof value === "object" ? structuredClone(value) : value;
    }
  }
  return copy;
}

/** The JavaScript source of a Python pattern when it reads the same with the `u` flag alone (the only flag the check uses). */
function jsPattern(pattern: unknown): string | undefined {
  if (typeof pattern !== "string") return undefined;
  const { body, flags } = translatePattern(pattern);
  if (flags) return undefined;
  try {
    new RegExp(body, "u");
    return body;
  } catch {
    return undefined; // read without `u` by ajv (escapes of punctuation): left to it
  }
}
