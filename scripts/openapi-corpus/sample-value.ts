import { mergeAllOf } from "../../core/init/openapi/openapi-schema.js";
import type { Json } from "../../core/init/openapi/read-openapi.js";

/** How deep a sample follows nested objects and arrays (circular schemas stop here). */
const MAX_DEPTH = 4;

/**
 * A value that fits a response schema, different for each record number `n`: what a mock API built
 * from an OpenAPI document answers. Strings carry the field name and `n` (so keys are unique), formats
 * and enums are honoured, `oneOf`/`anyOf` take their first member, and nested arrays hold one item.
 *
 * @example
 * sampleValue({ type: "object", properties: { id: { type: "integer" }, created: { type: "string", format: "date-time" } } }, 7)
 * // { id: 7, created: "2024-01-08T00:00:00Z" }
 */
export function sampleValue(schema: Json | undefined, n: number, name = "value", depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > MAX_DEPTH) return `${name}-${n}`;
  const merged = mergeAllOf(schema);
  const choice = (merged.oneOf ?? merged.anyOf) as Json[] | undefined;
  if (Array.isArray(choice) && choice.length && !merged.properties) return sampleValue(choice[0], n, name, depth);
  if (Array.isArray(merged.enum) && merged.enum.length) return merged.enum[n % merged.enum.length];
  const type = Array.isArray(merged.type) ? merged.type.find((t: unknown) => t !== "null") : (merged.type ?? (merged.properties ? "object" : merged.items ? "array" : "string"));
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries((merged.properties ?? {}) as Record<string, Json>).map(([key, value]) => [key, sampleValue(value, n, key, depth + 1)]));
    case "array":
      return [sampleValue(merged.items as Json | undefined, n, name, depth + 1)];
    case "integer":
      return n;
    case "number":
      return n + 0.5;
    case "boolean":
      return n % 2 === 0;
    default:
      return sampleString(merged.format, name, n);
  }
}

function sampleString(format: unknown, name: string, n: number): string {
  const day = new Date(Date.UTC(2024, 0, 1 + n));
  if (format === "date-time") return day.toISOString().replace(".000", "");
  if (format === "date") return day.toISOString().slice(0, 10);
  if (format === "uuid") return `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  if (format === "uri" || format === "url") return `https://example.com/${encodeURIComponent(name)}/${n}`;
  if (format === "email") return `user${n}@example.com`;
  return `${name}-${n}`;
}
