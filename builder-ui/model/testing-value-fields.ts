/**
 * The testing-values panel's fields, generated from the connector's user inputs
 * (`spec.connection_specification`): one per property, in the spec's `order`, typed by its JSON Schema
 * type, secret when `airbyte_secret`, required when listed in `required`. Nested objects and `oneOf`
 * choices are edited as JSON for now.
 *
 * @example
 * testingValueFields({ type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true, title: "API Key" } } })
 * // [{ name: "api_key", label: "API Key", input: "text", secret: true, required: true }]
 */
export interface TestingValueField {
  name: string;
  label: string;
  description?: string;
  input: "text" | "integer" | "number" | "boolean" | "enum" | "list" | "json";
  options?: readonly unknown[];
  secret: boolean;
  required: boolean;
  /** The spec's default, shown as the placeholder. */
  placeholder?: string;
}

interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  airbyte_secret?: boolean;
  order?: number;
  default?: unknown;
  examples?: unknown[];
  items?: { type?: string };
}

export function testingValueFields(spec: unknown): TestingValueField[] {
  if (!spec || typeof spec !== "object") return [];
  const { properties, required } = spec as { properties?: Record<string, PropertySchema>; required?: string[] };
  if (!properties || typeof properties !== "object") return [];
  const needed = new Set(Array.isArray(required) ? required : []);
  return Object.entries(properties)
    .map(([name, schema], index) => ({ name, schema: schema ?? {}, index }))
    .sort((a, b) => (a.schema.order ?? Number.MAX_SAFE_INTEGER) - (b.schema.order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .map(({ name, schema }) => {
      const field: TestingValueField = { name, label: schema.title ?? name, input: inputOf(schema), secret: schema.airbyte_secret === true, required: needed.has(name) };
      if (schema.description) field.description = schema.description;
      if (schema.enum) field.options = schema.enum;
      const sample = schema.default ?? schema.examples?.[0];
      if (sample !== undefined && typeof sample !== "object") field.placeholder = String(sample);
      return field;
    });
}

function inputOf(schema: PropertySchema): TestingValueField["input"] {
  if (Array.isArray(schema.enum)) return "enum";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number" || type === "boolean") return type;
  if (type === "array" && (schema.items?.type ?? "string") === "string") return "list";
  if (type === "object" || type === "array") return "json";
  return "text";
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
