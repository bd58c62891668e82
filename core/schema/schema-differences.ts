import type { JsonSchema } from "../../sdk/components/records.js";

/**
 * Where the records disagree with a stream's declared schema: a field the declaration does not have
 * (`missing`), or a field whose declared type a value contradicts (`type`). `path` is the field's
 * place in a record (`customer.address.city`; an array's items are `[]`: `lines[].amount`).
 *
 * @example
 * { path: "amount", kind: "type", declared: ["integer"], found: ["string"] }
 */
export interface SchemaDifference {
  path: string;
  kind: "missing" | "type";
  /** The declared types (for `type`). */
  declared?: string[];
  /** The JSON types of the values found at the place. */
  found: string[];
}

/** What was found at one place of the records. */
interface Seen {
  types: Set<string>;
  children: Map<string, Seen>;
}

/**
 * Compares the records of a test read with a declared JSON Schema, place by place, as the author
 * reads it: each field the records have and the declaration lacks (once, at the outermost such
 * field), and each field whose values have a JSON type the declared `type` does not allow (an integer
 * fits `number`; a field declared without a `type`, or through `anyOf`/`oneOf`/`$ref`, is not judged).
 * A declaration with no `properties` at all (`{}`, `{type: object}`) declares no field.
 *
 * @example
 * schemaDifferences([{ id: 1, name: "Ada" }], { type: "object", properties: { id: { type: "string" } } });
 * // [{ path: "id", kind: "type", declared: ["string"], found: ["integer"] }, { path: "name", kind: "missing", found: ["string"] }]
 */
export function schemaDifferences(records: Iterable<unknown>, declared: JsonSchema): SchemaDifference[] {
  const root: Seen = { types: new Set(), children: new Map() };
  for (const record of records) see(root, record);
  const out: SchemaDifference[] = [];
  compare(root, declared, "", out);
  return out;
}

function see(node: Seen, value: unknown): void {
  const type = jsonType(value);
  node.types.add(type);
  const child = (key: string) => {
    let next = node.children.get(key);
    if (!next) node.children.set(key, (next = { types: new Set(), children: new Map() }));
    return next;
  };
  if (type === "object") for (const [key, field] of Object.entries(value as Record<string, unknown>)) see(child(key), field);
  if (type === "array") for (const item of value as unknown[]) see(child("[]"), item);
}

function compare(node: Seen, schema: JsonSchema, path: string, out: SchemaDifference[]): void {
  const declared = declaredTypes(schema);
  if (path && declared) {
    const contradicted = [...node.types].filter((t) => !declared.includes(t) && !(t === "integer" && declared.includes("number")));
    if (contradicted.length) out.push({ path, kind: "type", declared, found: [...node.types] });
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const items = schema.items as JsonSchema | undefined;
  for (const [key, child] of node.children) {
    if (key === "[]") {
      if (items && typeof items === "object" && !Array.isArray(items)) compare(child, items, `${path}[]`, out);
      continue;
    }
    const childPath = path ? `${path}.${key}` : key;
    const field = properties?.[key];
    if (field === undefined) {
      if (isJudged(schema)) out.push({ path: childPath, kind: "missing", found: [...child.types] });
      continue;
    }
    if (typeof field === "object" && field !== null) compare(child, field, childPath, out);
  }
}

/** A place whose fields the declaration lists (a place declared through a combinator or `$ref` is not judged). */
function isJudged(schema: JsonSchema): boolean {
  return !("anyOf" in schema || "oneOf" in schema || "allOf" in schema || "$ref" in schema);
}

function declaredTypes(schema: JsonSchema): string[] | undefined {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.map(String);
  return undefined;
}

function jsonType(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return "integer";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}
