/** A JSON object: what a manifest, a config, a state or a response body is made of. */
export type JsonObject = Record<string, unknown>;

/**
 * Whether `value` is a JSON object (not null, not an array): the one guard the library, its plugins and
 * the Builder's page narrow an `unknown` with, instead of a cast.
 *
 * @example
 * isJsonObject({ id: 1 }) // true
 * isJsonObject([1, 2])    // false
 * isJsonObject(null)      // false
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
