import { isJsonObject } from "../../pure/json-object.js";
/**
 * The testing-values panel's fields, generated from the connector's user inputs
 * (`spec.connection_specification`): one per property, in the spec's `order`, typed by its JSON Schema
 * type, secret when `airbyte_secret`, required when listed in its object's `required`. An object with
 * `properties` is a group of fields (recursively); an object with `oneOf` options told apart by a `const`
 * property (`auth_type: { const: oauth2 }`) is a choice of those options, each with its fields. Any
 * other object or list is edited as JSON, secret when a property below it is.
 *
 * @example
 * testingValueFields({ type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true, title: "API Key" } } })
 * // [{ name: "api_key", path: ["api_key"], label: "API Key", input: "text", secret: true, required: true }]
 */
export interface TestingValueField {
  /** The dotted path of the value in the testing values (`credentials.username`). */
  name: string;
  path: readonly string[];
  label: string;
  description?: string;
  input: "text" | "integer" | "number" | "boolean" | "enum" | "list" | "json" | "group" | "choice";
  options?: readonly unknown[];
  /** An `airbyte_secret` value; for JSON, one with a secret anywhere below it. */
  secret: boolean;
  required: boolean;
  /** The spec's default, shown as the placeholder. */
  placeholder?: string;
  /** A group's properties. */
  fields?: TestingValueField[];
  /** A choice's options, and the property whose `const` names the chosen one. */
  choices?: TestingValueChoice[];
  discriminator?: string;
}

/** One option of a `oneOf` object: its title, its discriminator's const, its other properties as fields. */
export interface TestingValueChoice {
  title: string;
  value: unknown;
  fields: TestingValueField[];
}

interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  airbyte_secret?: boolean;
  order?: number;
  default?: unknown;
  examples?: unknown[];
  items?: { type?: string };
  properties?: Record<string, PropertySchema>;
  required?: string[];
  oneOf?: PropertySchema[];
}

export function testingValueFields(spec: unknown): TestingValueField[] {
  return fieldsOf(spec, []);
}

function fieldsOf(schema: unknown, parent: readonly string[], skip?: string): TestingValueField[] {
  if (!isJsonObject(schema)) return [];
  const { properties, required } = schema as PropertySchema;
  if (!isJsonObject(properties)) return [];
  const needed = new Set(Array.isArray(required) ? required : []);
  return Object.entries(properties)
    .filter(([name]) => name !== skip)
    .map(([name, property], index) => ({ name, schema: (isJsonObject(property) ? property : {}) as PropertySchema, index }))
    .sort((a, b) => (a.schema.order ?? Number.MAX_SAFE_INTEGER) - (b.schema.order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .map(({ name, schema: property }) => fieldOf(property, [...parent, name], needed.has(name)));
}

function fieldOf(schema: PropertySchema, path: readonly string[], required: boolean): TestingValueField {
  const field: TestingValueField = { name: path.join("."), path, label: schema.title ?? path[path.length - 1]!, input: inputOf(schema), secret: schema.airbyte_secret === true, required };
  if (schema.description) field.description = schema.description;
  if (schema.enum) field.options = schema.enum;
  const sample = schema.default ?? schema.examples?.[0];
  if (sample !== undefined && typeof sample !== "object") field.placeholder = String(sample);
  if (field.input === "json") {
    const choice = choiceOf(schema, path);
    if (choice) Object.assign(field, { input: "choice", ...choice });
    else if (isJsonObject(schema.properties) && Object.keys(schema.properties).length > 0 && !schema.oneOf) Object.assign(field, { input: "group", fields: fieldsOf(schema, path) });
    else field.secret = field.secret || hasSecretBelow(schema);
  }
  return field;
}

/** A `oneOf` whose options are objects that all give one property a distinct `const` (or a one-value `enum`). */
function choiceOf(schema: PropertySchema, path: readonly string[]): Pick<TestingValueField, "choices" | "discriminator"> | undefined {
  const options = schema.oneOf;
  if (!Array.isArray(options) || options.length === 0 || !options.every((o) => isJsonObject(o) && isJsonObject(o.properties))) return undefined;
  const constOf = (property: PropertySchema | undefined): unknown =>
    !isJsonObject(property) ? undefined : "const" in property ? property.const : Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
  const discriminator = Object.keys(options[0]!.properties!).find((key) => {
    const values = options.map((o) => constOf(o.properties![key]));
    return values.every((v) => v !== undefined && typeof v !== "object") && new Set(values).size === values.length;
  });
  if (discriminator === undefined) return undefined;
  const shared = fieldsOf(schema, path);
  return {
    discriminator,
    choices: options.map((option, index) => ({
      title: option.title ?? String(constOf(option.properties![discriminator]) ?? `Option ${index + 1}`),
      value: constOf(option.properties![discriminator]),
      fields: [...shared, ...fieldsOf(option, path, discriminator)],
    })),
  };
}

function inputOf(schema: PropertySchema): TestingValueField["input"] {
  if (Array.isArray(schema.enum)) return "enum";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number" || type === "boolean") return type;
  if (type === "array" && (schema.items?.type ?? "string") === "string") return "list";
  if (type === "object" || type === "array" || (type === undefined && (schema.properties || schema.oneOf))) return "json";
  return "text";
}

/** Whether `airbyte_secret: true` appears anywhere below a schema (its properties, options, items). */
export function hasSecretBelow(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasSecretBelow);
  if (!isJsonObject(schema)) return false;
  return schema.airbyte_secret === true || Object.values(schema).some((child) => typeof child === "object" && child !== null && hasSecretBelow(child));
}

/**
 * The typed value of what was typed into a field: a number for a number field (the text itself when
 * it is not one, so the validator names the problem), a list for a list, parsed JSON for JSON;
 * `undefined` for an empty field (left out of the values).
 */
export function typedValue(field: TestingValueField, typed: string | boolean): unknown {
  if (field.input === "boolean") return typed === true;
  const text = String(typed);
  if (text === "") return undefined;
  if (field.input === "integer" || field.input === "number") return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.trim()) ? Number(text) : text;
  if (field.input === "list") return text.split(",").map((s) => s.trim()).filter(Boolean);
  if (field.input === "enum") return field.options?.find((o) => String(o) === text) ?? text;
  if (field.input === "json") {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** What a field shows for a stored value. */
export function shownValue(field: TestingValueField, value: unknown): string | boolean {
  if (field.input === "boolean") return value === true;
  if (value === undefined || value === null) return "";
  if (field.input === "list" && Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The value at a path of the testing values (`undefined` when a step is missing or not an object). */
export function valueAt(values: unknown, path: readonly string[]): unknown {
  // The page imports only itself (not python/dpath.ts): a step at a time, as moveTestingValue walks.
  const [key, ...rest] = path;
  if (key === undefined) return values;
  return isJsonObject(values) ? valueAt(values[key], rest) : undefined;
}

/**
 * The testing values with `value` at `path`, the objects on the way created; `undefined` removes the
 * key, and an object left empty by that is removed too.
 *
 * @example
 * withValueAt({ credentials: { username: "ann" } }, ["credentials", "username"], undefined) // {}
 */
export function withValueAt(values: Readonly<Record<string, unknown>>, path: readonly string[], value: unknown): Record<string, unknown> {
  const [key, ...rest] = path;
  const next = { ...values };
  if (key === undefined) return next;
  const old = values[key];
  const child = rest.length === 0 ? value : withValueAt(isJsonObject(old) ? old : {}, rest, value);
  if (child === undefined || (rest.length > 0 && Object.keys(child as object).length === 0)) delete next[key];
  else next[key] = child;
  return next;
}

/**
 * The option of a choice a stored value is: the one whose discriminator const it holds, else the first
 * whose fields hold every key it has; -1 for none.
 */
export function chosenChoice(field: TestingValueField, value: unknown): number {
  const choices = field.choices ?? [];
  if (!isJsonObject(value)) return -1;
  const byConst = choices.findIndex((c) => field.discriminator !== undefined && c.value === value[field.discriminator]);
  if (byConst >= 0 || (field.discriminator !== undefined && value[field.discriminator] !== undefined)) return byConst;
  const keys = Object.keys(value);
  return keys.length === 0 ? -1 : choices.findIndex((c) => keys.every((k) => c.fields.some((f) => f.path[f.path.length - 1] === k)));
}

/**
 * The value of a choice once option `index` is chosen: its discriminator const, with the values of the
 * old one kept where the new option has the same property; `undefined` (no value) for -1.
 */
export function chooseChoice(field: TestingValueField, value: unknown, index: number): Record<string, unknown> | undefined {
  const choice = field.choices?.[index];
  if (!choice || field.discriminator === undefined) return undefined;
  const next: Record<string, unknown> = { [field.discriminator]: choice.value };
  const old = isJsonObject(value) ? value : {};
  for (const f of choice.fields) {
    const key = f.path[f.path.length - 1]!;
    if (old[key] !== undefined) next[key] = old[key];
  }
  return next;
}

/**
 * Shares problems (at `config.<path>`) among the fields shown: each goes to the field at its path or
 * above it; the ones no field takes are returned as `rest` (a group's own, or the page's).
 */
export function shareProblems<P extends { path: string }>(problems: readonly P[], fields: readonly TestingValueField[]): { of(field: TestingValueField): P[]; rest: P[] } {
  const owner = (p: P) => fields.find((f) => p.path === `config.${f.name}` || p.path.startsWith(`config.${f.name}.`));
  return { of: (field) => problems.filter((p) => owner(p) === field), rest: problems.filter((p) => owner(p) === undefined) };
}

/**
 * A choice's problems that concern the chosen option: the validator checks every `oneOf` option, so
 * while one is incomplete it also reports the others' missing properties and their discriminator's
 * const; those (the discriminator, and properties only other options have) are dropped.
 */
export function chosenProblems<P extends { path: string }>(field: TestingValueField, chosen: number, problems: readonly P[]): P[] {
  const own = new Set((field.choices?.[chosen]?.fields ?? []).map((f) => f.path[f.path.length - 1]));
  const others = new Set((field.choices ?? []).flatMap((c) => c.fields.map((f) => f.path[f.path.length - 1]!)).filter((key) => !own.has(key)));
  if (field.discriminator !== undefined) others.add(field.discriminator);
  const prefix = `config.${field.name}.`;
  return problems.filter((p) => !(p.path.startsWith(prefix) && others.has(p.path.slice(prefix.length).split(".")[0]!)));
}

