import { DateTime } from "luxon";
import { PyDateTime } from "../../python/datetime.js";
import { parseIsoDuration as parseDuration } from "../../python/iso-duration.js";

/**
 * Parses an expiry date the way the kit's `ab_datetime_parse` does: epoch seconds (an integer or a
 * string of digits, at most 10 of them), `YYYY-MM-DD` (midnight UTC), or a date-time in ISO 8601,
 * RFC 2822, HTTP or SQL form; a date-time without an offset is UTC. Throws an Error saying why.
 *
 * @example
 * parseExpiryDate("2024-05-01T12:00:00+02:00"); // 1714557600000
 * parseExpiryDate(1714557600);                  // 1714557600000
 */
export function parseExpiryDate(value: unknown): number {
  if (typeof value === "number" && Number.isInteger(value)) return epochSeconds(String(value));
  const text = String(value).trim();
  if (/^-?\d+$/.test(text)) return epochSeconds(text);
  if (!text.includes(":") && !text.includes("/") && (text.match(/-/g) ?? []).length === 2) {
    const date = DateTime.fromFormat(text, "yyyy-M-d", { zone: "utc" });
    if (!date.isValid) throw new Error(`Invalid date format: ${text}`);
    return date.toMillis();
  }
  if (text.includes(":") && (text.match(/-/g) ?? []).length < 2 && (text.match(/\//g) ?? []).length < 2 && !/[a-z]{3}/i.test(text)) {
    throw new Error(`Missing date part in datetime string: ${text}`);
  }
  for (const parse of [DateTime.fromISO, DateTime.fromSQL, DateTime.fromRFC2822, DateTime.fromHTTP]) {
    const date = parse(text, { zone: "utc", setZone: true });
    if (date.isValid) return date.toMillis();
  }
  throw new Error(`Could not parse datetime string: ${text}`);
}

function epochSeconds(digits: string): number {
  if (digits.startsWith("-")) throw new Error("Timestamp cannot be negative");
  if (digits.length > 10) throw new Error("Timestamp value too large (expected seconds, got what looks like milliseconds)");
  return Number(digits) * 1000;
}

/**
 * Formats an instant as the kit stores expiry dates in a config: Python's `isoformat()` of an aware UTC
 * datetime (`+00:00`, microseconds only when non-zero).
 *
 * @example
 * formatExpiryDate(Date.parse("2022-12-31T00:00:42Z")); // "2022-12-31T00:00:42+00:00"
 */
export function formatExpiryDate(ms: number): string {
  return PyDateTime.utc(BigInt(Math.trunc(ms)) * 1000n).isoformat();
}

/**
 * Parses an ISO 8601 duration, months and years included (calendar-aware: `P1M` from January 31 is
 * February 28/29), and returns a function adding it to an instant (past year 9999: Infinity). Throws an
 * Error when invalid.
 *
 * @example
 * const add = durationAdder("P1M");
 * add(Date.parse("2024-01-31T00:00:00Z")); // 2024-02-29T00:00:00Z
 */
export function durationAdder(text: string): (ms: number) => number {
  const duration = parseDuration(text);
  if (!duration) throw new Error(`'${text}' is not an ISO 8601 duration (for example PT1H, P1D, P2W, P1M, P1Y)`);
  return (ms) => {
    const end = PyDateTime.utc(BigInt(Math.trunc(ms)) * 1000n).plus(duration);
    return end ? Number(end.us / 1000n) : Number.POSITIVE_INFINITY;
  };
}
