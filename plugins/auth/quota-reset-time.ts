import { isoParse } from "../../python/index.js";

/**
 * A quota reset time in epoch milliseconds, parsed as the kit's `ab_datetime_parse` does for the values
 * APIs send: an integer (or a string of digits) is epoch seconds, anything else ISO 8601 (naive means
 * UTC). Undefined when it is neither (a negative or too long timestamp, a word).
 *
 * @example
 * parseResetTime(1700000000)               // 1700000000000
 * parseResetTime("2024-01-01T00:00:00Z")   // 1704067200000
 */
export function parseResetTime(value: unknown): number | undefined {
  if (typeof value === "number" || typeof value === "bigint") value = String(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^-?\d+$/.test(text)) {
    if (text.startsWith("-") || text.length > 10) return undefined;
    return Number(text) * 1000;
  }
  try {
    return isoParse(text.replace(" ", "T")).assumeUtc().epochUs / 1000;
  } catch {
    return undefined;
  }
}

/** An integer count from a status body or a header, as Python's `int()` reads one; undefined otherwise. */
export function parseCount(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
  return undefined;
}
