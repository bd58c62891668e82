import type { Json } from "./read-openapi.js";

/** How deep a response schema is copied into the manifest (a circular schema stops here). */
const MAX_DEPTH = 6;

/**
 * A record schema for the manifest's `InlineSchemaLoader` from an OpenAPI schema: `type`, `format`,
 * `enum`, `properties` and `items` kept; OpenAPI 3.0's `nullable` written as a `null` type; `allOf`
 * merged; `oneOf`/`anyOf` and what lies deeper than six levels left open (any value); OpenAPI-only
 * keywords (`example`, `xml`, `readOnly`) dropped. Records keep fields the document did not list
 * (`additionalProperties: true`).
 *
 * @example
 * recordSchema({ type: "object", properties: { id: { type: "integer" }, name: { type: "string", nullable: true } } })
 * // { type: "object", additionalProperties: true, properties: { id: { type: "integer" }, name: { type: ["string", "null"] } } }
 */
export function recordSchema(schema: Json | undefined, depth = 0, seen = new Set<Json>()): Json {
  if (!schema || typeof schema !== "object" || depth > MAX_DEPTH || seen.has(schema)) return {};
  const inner = new Set(seen).add(schema);
  const merged = mergeAllOf(schema);
  const out: Json = {};
  const type = merged.type ?? (merged.properties ? "object" : merged.items ? "array" : undefined);
  if (type !== undefined) out.type = merged.nullable === true && typeof type === "string" ? [type, "null"] : type;
  if (typeof merged.format === "string") out.format = merged.format;
  if (Array.isArray(merged.enum)) out.enum = merged.nullable === true && !merged.enum.includes(null) ? [...merged.enum, null] : merged.enum;
  if (merged.properties && typeof merged.properties === "object") {
    out.properties = Object.fromEntries(Object.entries(merged.properties as Record<string, Json>).map(([name, value]) => [name, recordSchema(value, depth + 1, inner)]));
    out.additionalProperties = true;
  }
  if (merged.items && typeof merged.items === "object") out.items = recordSchema(merged.items as Json, depth + 1, inner);
  return out;
}

/** The schema with its `allOf` members' properties (and `required`) merged in. */
export function mergeAllOf(schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const parts = (allOf as Json[]).map(mergeAllOf);
  return {
    ...Object.assign({}, ...parts, rest),
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), rest.properties ?? {}),
    required: [...new Set([...parts.flatMap((p) => p.required ?? []), ...(rest.required ?? [])])],
  };
}
