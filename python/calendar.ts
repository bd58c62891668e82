/**
 * The proleptic Gregorian calendar Python's `datetime` uses, exact for every year from 1 to 9999
 * (Howard Hinnant's `days_from_civil` / `civil_from_days`), with no dependence on JavaScript's `Date`.
 *
 * @example
 * daysFromCivil(1970, 1, 1);  // 0
 * civilFromDays(19723);       // { year: 2024, month: 1, day: 1 }
 */

/** The calendar fields of a date or datetime, in its own offset. `weekday` is Monday = 0, as in Python. */
export interface DateFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  microsecond: number;
  weekday: number;
}

/** True for a leap year of the proleptic Gregorian calendar. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day of the year, 1 for January 1 (strftime's `%j`). */
export function dayOfYear(year: number, month: number, day: number): number {
  return daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1) + 1;
}

/** Days since 1970-01-01 of a calendar date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day counted from 1970-01-01. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
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

/** The weekday (Monday = 0) of a day counted from 1970-01-01 (a Thursday). */
export function weekdayOfDays(days: number): number {
  return (((days + 3) % 7) + 7) % 7;
}

/**
 * Shifts a calendar date by whole months as isodate and dateutil do: the day is clamped to the target
 * month's length (January 31 plus one month is February 28 or 29).
 */
export function shiftMonths(date: { year: number; month: number; day: number }, months: number): { year: number; month: number; day: number } {
  const total = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}
