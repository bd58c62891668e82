import type { HttpResponse } from "./http-response.js";

/**
 * A number as Python's `float()` reads it: numbers, numeric strings (surrounding spaces allowed);
 * anything else is undefined.
 *
 * @example
 * toNumber(" 2.5 ") === 2.5; toNumber("soon") === undefined
 */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || !/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Reads a number from a response header as the kit does: the header (case-insensitive) must be
 * present and non-empty; with a `regex`, a match at the start of the value replaces it (no match keeps
 * the whole value); the result must parse as a number. The one reader of a wait from a header: the
 * `WaitTimeFromHeader` strategies and the client's default `Retry-After`.
 *
 * @example
 * // X-Rate-Limit-Reset: "wait 30" with regex "\\d+" does not match at the start: undefined
 * numericHeader(response, "Retry-After") // 30 for "Retry-After: 30"
 */
export function numericHeader(response: HttpResponse, header: string, regex?: RegExp): number | undefined {
  const value = response.headers.get(header);
  if (!value) return undefined;
  const match = regex?.exec(value);
  return toNumber(match ? match[0] : value);
}

/**
 * `Retry-After` in milliseconds, when no error handler of the manifest has an opinion: seconds (read
 * as `WaitTimeFromHeader` reads them) or an HTTP date; 0, negative or unparsable means no hint.
 *
 * @example
 * retryAfterMs(response) === 2000 // "Retry-After: 2"
 */
export function retryAfterMs(response: HttpResponse, now = Date.now()): number | undefined {
  const seconds = numericHeader(response, "retry-after");
  if (seconds !== undefined) return seconds > 0 ? seconds * 1000 : undefined;
  const date = Date.parse(response.headers.get("retry-after")?.trim() ?? "");
  if (Number.isNaN(date)) return undefined;
  const delay = date - now;
  return delay > 0 ? delay : undefined;
}
