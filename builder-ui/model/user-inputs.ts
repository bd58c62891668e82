import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";

/**
 * The connector's user inputs (`spec.connection_specification`): what the Inputs page lists and edits,
 * and what the authentication form adds when a credential becomes an input. Every edit writes the
 * spec where it is written in the manifest.
 *
 * @example
 * let model = ManifestModel.parse("spec:\n  connection_specification:\n    type: object\n    properties: {}\n");
 * model = addUserInput(model, { name: "api_key", title: "API Key", secret: true, required: true });
 * userInputs(model) // [{ name: "api_key", type: "string", title: "API Key", secret: true, required: true, ... }]
 */
export interface UserInputView {
  name: string;
  /** Its path in the config: `[name]`, or `["credentials", "client_id"]` for a property of an object input. */
  path: string[];
  type: string;
  title: string;
  description: string;
  secret: boolean;
  required: boolean;
  /** The default as typed (JSON for a non-string). */
  default: string;
  /** The allowed values (`enum`), as strings. */
  allowed: string[];
}

/** The JSON Schema types an input may have. */
export const INPUT_TYPES = ["string", "integer", "number", "boolean", "array", "object"] as const;

export const SPEC: readonly Segment[] = ["spec", "connection_specification"];
const PROPERTIES: readonly Segment[] = [...SPEC, "properties"];

/** An input's name, or its path for a property of an object input (`["credentials", "client_id"]`). */
export type InputPath = string | readonly string[];

/** Where an input's schema is written: `spec.connection_specification.properties.a.properties.b` for `["a", "b"]`. */
export function inputSchemaPath(input: InputPath): Segment[] {
  return [...SPEC, ...(typeof input === "string" ? [input] : input).flatMap((name) => ["properties", name])];
}

/**
 * The inputs as written, in the spec's `order` (then as written); with `parent`, the properties of
 * that object input (`userInputs(model, ["credentials"])`), each with its path.
 */
export function userInputs(model: ManifestModel, parent: readonly string[] = []): UserInputView[] {
  const holder = parent.length ? inputSchemaPath(parent) : SPEC;
  const properties = model.valueAt([...holder, "properties"]);
  if (!properties || typeof properties !== "object" || Array.isArray(properties)) return [];
  const required = model.valueAt([...holder, "required"]);
  const needed = new Set(Array.isArray(required) ? required.map(String) : []);
  return Object.entries(properties as Record<string, Record<string, unknown> | null>)
    .map(([name, schema], index) => ({ name, schema: schema ?? {}, index }))
    .sort((a, b) => orderOf(a.schema) - orderOf(b.schema) || a.index - b.index)
    .map(({ name, schema }) => ({
      name,
      path: [...parent, name],
      type: typeof schema.type === "string" ? schema.type : "string",
      title: typeof schema.title === "string" ? schema.title : "",
      description: typeof schema.description === "string" ? schema.description : "",
      secret: schema.airbyte_secret === true,
      required: needed.has(name),
      default: schema.default === undefined ? "" : typeof schema.default === "string" ? schema.default : JSON.stringify(schema.default),
      allowed: Array.isArray(schema.enum) ? schema.enum.map(String) : [],
    }));
}

function orderOf(schema: Record<string, unknown>): number {
  return typeof schema.order === "number" ? schema.order : Number.MAX_SAFE_INTEGER;
}

/** Adds an input (a string property) unless one of that name exists; `required` lists it in `required`. */
export function addUserInput(model: ManifestModel, input: { name: string; title: string; secret?: boolean; required?: boolean; format?: string }): ManifestModel {
  if (model.kindAt([...PROPERTIES, input.name]) !== "absent") return model;
  if (model.kindAt(SPEC) === "absent") model = writeValue(model, SPEC, { $schema: "http://json-schema.org/draft-07/schema#", type: "object", required: [], properties: {}, additionalProperties: true });
  if (model.kindAt(PROPERTIES) !== "map") model = writeValue(model, PROPERTIES, {});
  const order = userInputs(model).length;
  const schema: Record<string, unknown> = { type: "string", title: input.title, order };
  if (input.format) schema.format = input.format;
  if (input.secret) schema.airbyte_secret = true;
  model = writeValue(model, [...PROPERTIES, input.name], schema);
  return input.required ? setRequired(model, input.name, true) : model;
}

/** Removes an input and its `required` entry. */
export function removeUserInput(model: ManifestModel, input: InputPath): ManifestModel {
  return removeKey(setRequired(model, input, false), inputSchemaPath(input));
}

/** Lists or unlists an input in `required` (its object's, for a property of an object input). */
export function setRequired(model: ManifestModel, input: InputPath, required: boolean): ManifestModel {
  const path = typeof input === "string" ? [input] : input;
  const name = path.at(-1)!;
  const at = [...(path.length > 1 ? inputSchemaPath(path.slice(0, -1)) : SPEC), "required"];
  const written = model.valueAt(at);
  const list = Array.isArray(written) ? written.map(String) : [];
  if (list.includes(name) === required) return model;
  return writeValue(model, at, required ? [...list, name] : list.filter((n) => n !== name));
}

/**
 * Sets one attribute of an input as the Inputs page edits it: type, title, description (empty removes
 * it), secret, default (typed by the input's type; empty removes it), allowed (empty removes `enum`).
 */
export function setInputAttribute(model: ManifestModel, input: InputPath, attribute: "type" | "title" | "description" | "secret" | "default" | "allowed", value: string | boolean | string[]): ManifestModel {
  const at = inputSchemaPath(input);
  const schema = model.valueAt(at) as { type?: unknown } | undefined;
  const type = typeof schema?.type === "string" ? schema.type : "string";
  switch (attribute) {
    case "secret":
      return value ? writeValue(model, [...at, "airbyte_secret"], true) : removeKey(model, [...at, "airbyte_secret"]);
    case "allowed": {
      const list = (value as string[]).filter((v) => v !== "");
      return list.length ? writeValue(model, [...at, "enum"], list.map((v) => typedAs(type, v))) : removeKey(model, [...at, "enum"]);
    }
    case "default":
      return value === "" ? removeKey(model, [...at, "default"]) : writeValue(model, [...at, "default"], typedAs(type, String(value)));
    case "description":
      return value === "" ? removeKey(model, [...at, "description"]) : writeValue(model, [...at, "description"], String(value));
    default:
      return writeValue(model, [...at, attribute], String(value));
  }
}

/** A typed value as the input's type reads it (a number for a number, JSON for an object; the text otherwise). */
function typedAs(type: string, text: string): unknown {
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  if (type === "array" || type === "object") {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
