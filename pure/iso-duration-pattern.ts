/**
 * ISO 8601 durations as isodate's `parse_duration` reads them: an optional sign, then years, months,
 * weeks, days, and after `T` hours, minutes, seconds, each optionally fractional (with `.` or `,`).
 * The groups are: 1 the sign, 2 Y, 3 M, 4 W, 5 D, 6 H, 7 M, 8 S.
 *
 * @example
 * ISO_DURATION_PATTERN.exec("-P1DT12H")?.[5] // "1"
 */
export const ISO_DURATION_PATTERN =
  /^([+-])?P(?:(\d+(?:[,.]\d+)?)Y)?(?:(\d+(?:[,.]\d+)?)M)?(?:(\d+(?:[,.]\d+)?)W)?(?:(\d+(?:[,.]\d+)?)D)?(?:T(?:(\d+(?:[,.]\d+)?)H)?(?:(\d+(?:[,.]\d+)?)M)?(?:(\d+(?:[,.]\d+)?)S)?)?$/;

/**
 * Whether a text is an ISO 8601 duration the engine reads (python/iso-duration.ts): the pattern, and
 * at least one part (`P` alone and a `T` with nothing after it are not).
 *
 * @example
 * isIsoDurationText("P1DT12H") // true
 * isIsoDurationText("PT")      // false
 */
export function isIsoDurationText(text: string): boolean {
  return ISO_DURATION_PATTERN.test(text) && !/^[+-]?P$/.test(text) && !text.endsWith("T");
}
