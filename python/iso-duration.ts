import { ISO_DURATION_PATTERN, isIsoDurationText } from "../pure/iso-duration-pattern.js";

/**
 * An ISO 8601 duration as isodate's `parse_duration` reads it: calendar years and months kept apart
 * (they are added on the calendar), everything else as exact microseconds.
 *
 * @example
 * parseIsoDuration("P1M");   // { years: 0, months: 1, us: 0n }
 * parseIsoDuration("PT1H");  // { years: 0, months: 0, us: 3600000000n }
 */
export interface IsoDuration {
  years: number;
  months: number;
  us: bigint;
}

const US = { W: 604_800e6, D: 86_400e6, H: 3_600e6, M: 60e6, S: 1e6 } as const;

/**
 * The parts of `P1D`, `PT12H`, `P1W`, `P1M`, `P1.5Y`, `PT0.000001S`, `-P1D`... (fractions with `.` or `,`),
 * the sign applied to every part; undefined for text that is not such a duration (isodate raises
 * "Unable to parse duration string"). Years and months may be fractional here, as isodate parses them.
 */
export function parseIsoDurationParts(text: string): { years: number; months: number; us: number } | undefined {
  const match = isIsoDurationText(text) ? ISO_DURATION_PATTERN.exec(text) : null;
  if (!match) return undefined;
  const num = (value: string | undefined) => (value === undefined ? 0 : Number(value.replace(",", ".")));
  const sign = match[1] === "-" ? -1 : 1;
  const exact = num(match[4]) * US.W + num(match[5]) * US.D + num(match[6]) * US.H + num(match[7]) * US.M + num(match[8]) * US.S;
  return { years: sign * num(match[2]) || 0, months: sign * num(match[3]) || 0, us: Math.round(sign * exact) || 0 };
}

/**
 * Parses a duration that can be added to a datetime (surrounding blanks ignored). Undefined for text
 * that is not a duration, and for fractional years or months, which isodate cannot add to a datetime.
 *
 * @example
 * step: P1D                # one day per slice
 * cursor_granularity: PT1S
 */
export function parseIsoDuration(text: string): IsoDuration | undefined {
  const parts = parseIsoDurationParts(text.trim());
  if (!parts || !Number.isInteger(parts.years) || !Number.isInteger(parts.months)) return undefined;
  return { years: parts.years, months: parts.months, us: BigInt(parts.us) };
}

/** True for a zero duration (falsy in Python: `timedelta(0)`). */
export function isZeroDuration(duration: IsoDuration | undefined): boolean {
  return duration === undefined || (duration.years === 0 && duration.months === 0 && duration.us === 0n);
}

/**
 * A duration's length in milliseconds, for a place that needs a length without a starting date (the
 * periods of an `api_budget`'s rate limits): a month counts 30 days and a year 365. This is one of the
 * two meanings of a month in Sluice, each chosen per place: a date plus a duration (cursor windows,
 * `lookback_window`, a session token's `expiration_duration`: `PyDateTime.plus`) counts calendar months
 * as isodate does (January 31 plus `P1M` is February 28 or 29). The kit has no meaning for months in
 * either place that needs a length (isodate's `Duration` has no `total_seconds()`); Sluice takes 30 days
 * rather than refusing `P1M` as a budget period.
 *
 * @example
 * isoDurationLengthMs(parseIsoDuration("PT15M")!); // 900000
 * isoDurationLengthMs(parseIsoDuration("P1M")!);   // 2592000000 (30 days)
 */
export function isoDurationLengthMs(duration: IsoDuration): number {
  return Number(duration.us) / 1000 + (duration.months * 30 + duration.years * 365) * 86_400_000;
}
