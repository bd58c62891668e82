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

const PATTERN =
  /^([+-])?P(?!\b)(?:(\d+(?:[,.]\d+)?)Y)?(?:(\d+(?:[,.]\d+)?)M)?(?:(\d+(?:[,.]\d+)?)W)?(?:(\d+(?:[,.]\d+)?)D)?(?:T(?:(\d+(?:[,.]\d+)?)H)?(?:(\d+(?:[,.]\d+)?)M)?(?:(\d+(?:[,.]\d+)?)S)?)?$/;

const US = { W: 604_800e6, D: 86_400e6, H: 3_600e6, M: 60e6, S: 1e6 } as const;

/**
 * Parses `P1D`, `PT12H`, `P1W`, `P1M`, `P1Y`, `PT0.000001S`, `-P1D`... (fractions with `.` or `,`).
 * Returns undefined for text that is not such a duration (isodate raises "Unable to parse duration string"),
 * and for fractional years or months, which isodate cannot add to a datetime.
 *
 * @example
 * step: P1D                # one day per slice
 * cursor_granularity: PT1S
 */
export function parseIsoDuration(text: string): IsoDuration | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match || text.trim() === "P" || text.trim().endsWith("T")) return undefined;
  const num = (value: string | undefined) => (value === undefined ? 0 : Number(value.replace(",", ".")));
  const sign = match[1] === "-" ? -1 : 1;
  // isodate parses fractional years and months but cannot add them to a datetime (ValueError).
  if (!Number.isInteger(num(match[2])) || !Number.isInteger(num(match[3]))) return undefined;
  const exact = num(match[4]) * US.W + num(match[5]) * US.D + num(match[6]) * US.H + num(match[7]) * US.M + num(match[8]) * US.S;
  return { years: sign * num(match[2]) || 0, months: sign * num(match[3]) || 0, us: BigInt(Math.round(sign * exact)) };
}

/** True for a zero duration (falsy in Python: `timedelta(0)`). */
export function isZeroDuration(duration: IsoDuration | undefined): boolean {
  return duration === undefined || (duration.years === 0 && duration.months === 0 && duration.us === 0n);
}
