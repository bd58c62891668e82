import { SluiceError } from "../../sdk/index.js";
import { daysInMonth } from "../../python/calendar.js";
import { PyDateTime } from "../../python/datetime.js";
import { isoParse } from "../../python/iso-parse.js";
import { strptime } from "../../python/strptime.js";
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
  if (!text.includes(":") && !text.includes("/") && (text.match(/-/g) ?? []).length === 2) return dateAtMidnight(text);
  if (text.includes(":") && (text.match(/-/g) ?? []).length < 2 && (text.match(/\//g) ?? []).length < 2 && !/[a-z]{3}/i.test(text)) {
    throw unreadable(`Missing date part in datetime string: ${text}`);
  }
  // dateutil's parser reads ISO 8601 (a space for the T included), RFC 2822 and HTTP dates; a date-time
  // without an offset is UTC (Sluice's datetime model: PyDateTime, as every other date in a manifest).
  const read = [() => isoParse(text), ...DATE_TIME_FORMATS.map((format) => () => strptime(text, format))];
  for (const parse of read) {
    try {
      return Math.floor(parse().epochUs / 1000);
    } catch {
      // the next form
    }
  }
  throw unreadable(`Could not parse datetime string: ${text}`);
}

/** RFC 2822 (`Wed, 01 May 2024 12:00:00 +0200`, the weekday optional) and HTTP (`... GMT`) date-times. */
const DATE_TIME_FORMATS = ["%a, %d %b %Y %H:%M:%S %z", "%d %b %Y %H:%M:%S %z", "%a, %d %b %Y %H:%M:%S GMT", "%a, %d %b %Y %H:%M:%S UTC"];

/** `YYYY-MM-DD` (months and days of one or two digits) at midnight UTC; a day the month does not have is refused. */
function dateAtMidnight(text: string): number {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw unreadable(`Invalid date format: ${text}`);
  return Date.UTC(year, month - 1, day);
}

function epochSeconds(digits: string): number {
  if (digits.startsWith("-")) throw unreadable("Timestamp cannot be negative");
  if (digits.length > 10) throw unreadable("Timestamp value too large (expected seconds, got what looks like milliseconds)");
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
 * Parses an ISO 8601 duration, months and years included, and returns a function adding it to an
 * instant (past year 9999: Infinity): a date plus a duration, so calendar months (`P1M` from January 31
 * is February 28/29; see `isoDurationLengthMs` for the other meaning of a month, and where each is used).
 * The kit crashes on `P1M` here (`TypeError: Invalid operation`). Throws `AUTH_TOKEN_EXPIRY_INVALID`
 * when invalid.
 *
 * @example
 * const add = durationAdder("P1M");
 * add(Date.parse("2024-01-31T00:00:00Z")); // 2024-02-29T00:00:00Z
 */
export function durationAdder(text: string): (ms: number) => number {
  const duration = parseDuration(text);
  if (!duration) throw unreadable(`'${text}' is not an ISO 8601 duration (for example PT1H, P1D, P2W, P1M, P1Y)`);
  return (ms) => {
    const end = PyDateTime.utc(BigInt(Math.trunc(ms)) * 1000n).plus(duration);
    return end ? Number(end.us / 1000n) : Number.POSITIVE_INFINITY;
  };
}

/** Why an expiry (a date, a timestamp, a duration) cannot be read; the caller adds where it came from. */
function unreadable(reason: string): SluiceError {
  return new SluiceError("AUTH_TOKEN_EXPIRY_INVALID", reason, { expected: "epoch seconds, a YYYY-MM-DD date, an ISO 8601, RFC 2822, HTTP or SQL date-time, or an ISO 8601 duration" });
}
