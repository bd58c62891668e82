import type { IsoDuration } from "./iso-duration.js";

const US_PER_SECOND = 1_000_000n;
const US_PER_MINUTE = 60n * US_PER_SECOND;
const US_PER_DAY = 86_400n * US_PER_SECOND;

/** The calendar fields of a datetime in its own offset. `weekday` is Monday = 0, as in Python. */
export interface DatetimeFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  microsecond: number;
  weekday: number;
}

/**
 * A point in time with microsecond precision and a fixed UTC offset: what Python's aware `datetime` is
 * to the kit's cursor. Arithmetic is exact (BigInt microseconds), so `%f` and `%epoch_microseconds`
 * round-trip for every year from 1 to 9999.
 *
 * @example
 * const start = DatetimeValue.fromFields({ year: 2024, month: 1, day: 31 });
 * start.plus(parseIsoDuration("P1M")).fields().day; // 29 (the month's last day, as isodate)
 */
export class DatetimeValue {
  /** Microseconds since 1970-01-01T00:00:00Z. */
  readonly us: bigint;
  /** The UTC offset the value is shown in, in minutes (0 for UTC). */
  readonly offsetMinutes: number;

  constructor(us: bigint, offsetMinutes = 0) {
    this.us = us;
    this.offsetMinutes = offsetMinutes;
  }

  /** A datetime from calendar fields read in `offsetMinutes` (missing fields as Python's defaults). */
  static fromFields(fields: Partial<DatetimeFields> & { year: number }, offsetMinutes = 0): DatetimeValue {
    const days = daysFromCivil(fields.year, fields.month ?? 1, fields.day ?? 1);
    const seconds = BigInt((fields.hour ?? 0) * 3600 + (fields.minute ?? 0) * 60 + (fields.second ?? 0));
    const local = BigInt(days) * US_PER_DAY + seconds * US_PER_SECOND + BigInt(fields.microsecond ?? 0);
    return new DatetimeValue(local - BigInt(offsetMinutes) * US_PER_MINUTE, offsetMinutes);
  }

  /** The calendar fields in this value's offset. */
  fields(): DatetimeFields {
    const local = this.us + BigInt(this.offsetMinutes) * US_PER_MINUTE;
    let days = local / US_PER_DAY;
    let rest = local % US_PER_DAY;
    if (rest < 0n) {
      rest += US_PER_DAY;
      days -= 1n;
    }
    const { year, month, day } = civilFromDays(Number(days));
    const seconds = Number(rest / US_PER_SECOND);
    return {
      year,
      month,
      day,
      hour: Math.floor(seconds / 3600),
      minute: Math.floor((seconds % 3600) / 60),
      second: seconds % 60,
      microsecond: Number(rest % US_PER_SECOND),
      weekday: (((Number(days) + 3) % 7) + 7) % 7,
    };
  }

  /** Seconds since the epoch as Python's `datetime.timestamp()` gives them (a float). */
  timestamp(): number {
    return Number(this.us) / 1e6;
  }

  /**
   * Adds (or with `sign` -1 subtracts) an ISO 8601 duration as isodate does: years and months first
   * (the day clamped to the month's length), then the exact part. Undefined when the result leaves
   * Python's datetime range (years 1 to 9999), where Python raises OverflowError.
   */
  plus(duration: IsoDuration, sign: 1 | -1 = 1): DatetimeValue | undefined {
    let value: DatetimeValue = this;
    const months = sign * (duration.years * 12 + duration.months);
    if (months !== 0) {
      const f = this.fields();
      const total = f.year * 12 + (f.month - 1) + months;
      const year = Math.floor(total / 12);
      const month = total - year * 12 + 1;
      if (year < 1 || year > 9999) return undefined;
      value = DatetimeValue.fromFields({ ...f, year, month, day: Math.min(f.day, daysInMonth(year, month)) }, this.offsetMinutes);
    }
    const result = new DatetimeValue(value.us + BigInt(sign) * duration.us, this.offsetMinutes);
    const year = result.fields().year;
    return year < 1 || year > 9999 ? undefined : result;
  }

  /** The same instant shown in another offset. */
  withOffset(offsetMinutes: number): DatetimeValue {
    return new DatetimeValue(this.us, offsetMinutes);
  }

  /** A copy with some calendar fields replaced, in this value's offset (Python's `datetime.replace`). */
  replace(fields: Partial<DatetimeFields>): DatetimeValue {
    return DatetimeValue.fromFields({ ...this.fields(), ...fields }, this.offsetMinutes);
  }

  /** Negative, zero or positive as this instant is before, at or after `other` (offsets do not matter). */
  compare(other: DatetimeValue): number {
    return this.us < other.us ? -1 : this.us > other.us ? 1 : 0;
  }

  /** True when this instant is strictly before `other`. */
  isBefore(other: DatetimeValue): boolean {
    return this.us < other.us;
  }

  /** The later of two values (the first on a tie, as Python's `max`). */
  static max(a: DatetimeValue, b: DatetimeValue): DatetimeValue {
    return b.us > a.us ? b : a;
  }

  /** The earlier of two values (the first on a tie, as Python's `min`). */
  static min(a: DatetimeValue, b: DatetimeValue): DatetimeValue {
    return b.us < a.us ? b : a;
  }

  /** ISO text in UTC, for messages. */
  toString(): string {
    const f = this.withOffset(0).fields();
    const p = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${p(f.year, 4)}-${p(f.month)}-${p(f.day)}T${p(f.hour)}:${p(f.minute)}:${p(f.second)}.${p(f.microsecond, 6)}Z`;
  }
}

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// Howard Hinnant's days_from_civil / civil_from_days: exact for every proleptic Gregorian date.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}
