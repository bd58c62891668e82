import type { Clamping } from "./clamping.js";
import type { Interval } from "./cursor-intervals.js";
import { PyDateTime } from "../../python/datetime.js";
import { isZeroDuration, type IsoDuration } from "../../python/iso-duration.js";

/** How the sync window is cut into slices. */
interface WindowOptions {
  /** The configured start (no slice starts before it). */
  start: PyDateTime;
  /** The slice length (`step`); undefined: one slice up to the end. */
  step?: IsoDuration;
  /** Subtracted from a slice's end so that slices do not overlap (`cursor_granularity`). */
  granularity?: IsoDuration;
  /** Re-read this much before the saved cursor (`lookback_window`). */
  lookback?: IsoDuration;
  clamping: Clamping;
  /** The end of the sync window (`end_datetime`, or now). */
  end(): PyDateTime;
}

/**
 * The slices of one sync, as the kit's concurrent cursor cuts them: the gaps between the ranges already
 * synced, then from the last synced range's end (minus the lookback window, never before the start) to
 * the end of the window. Slices are `step` long; each ends `cursor_granularity` before the next starts,
 * except the very last, which ends at the end of the window.
 *
 * @example
 * // start 2024-01-01, now 2024-01-03T12:00, step P1D, granularity PT1S:
 * // [01-01T00:00:00, 01-01T23:59:59], [01-02T00:00:00, 01-02T23:59:59], [01-03T00:00:00, 01-03T12:00:00]
 */
export function* sliceWindows(ranges: readonly Interval[], options: WindowOptions): Generator<[PyDateTime, PyDateTime]> {
  if (ranges.length === 0) return;
  const first = ranges[0]!;
  if (options.start.isBefore(first.start)) yield* split(options.start, first.start, false, options);
  for (let i = 0; i < ranges.length - 1; i++) {
    const gap = isZeroDuration(options.granularity) ? ranges[i]!.end : ranges[i]!.end.plus(options.granularity!) ?? ranges[i]!.end;
    yield* split(gap, ranges[i + 1]!.start, false, options);
  }
  const lastEnd = ranges[ranges.length - 1]!.end;
  const lower = isZeroDuration(options.lookback) ? lastEnd : lastEnd.plus(options.lookback!, -1) ?? lastEnd;
  yield* split(lower, options.end(), true, options);
}

function* split(from: PyDateTime, upper: PyDateTime, upperIsEnd: boolean, o: WindowOptions): Generator<[PyDateTime, PyDateTime]> {
  if (from.compare(upper) >= 0) return;
  if (upper.isBefore(o.start)) return;
  const lower = PyDateTime.max(from, o.start);
  const granular = !isZeroDuration(o.granularity);
  const next = (value: PyDateTime) => (isZeroDuration(o.step) ? undefined : value.plus(o.step!) ?? o.end());
  const oneStep = next(lower);
  if (oneStep === undefined || oneStep.compare(upper) >= 0) {
    const clampedUpper = o.clamping.ceil(upper);
    yield [o.clamping.ceil(lower), granular && !upperIsEnd ? minus(clampedUpper, o.granularity!) : clampedUpper];
    return;
  }
  let current = lower;
  for (;;) {
    const candidate = next(current)!;
    const currentUpper = candidate.isBefore(upper) ? candidate : upper;
    const reached = currentUpper.compare(upper) >= 0;
    const clampedUpper = currentUpper.compare(upper) !== 0 ? o.clamping.ceil(currentUpper) : currentUpper;
    const clampedLower = o.clamping.ceil(current);
    if (clampedLower.compare(clampedUpper) >= 0) return;
    yield [clampedLower, granular && (!upperIsEnd || !reached) ? minus(clampedUpper, o.granularity!) : clampedUpper];
    current = clampedUpper;
    if (reached) return;
  }
}

function minus(value: PyDateTime, duration: IsoDuration): PyDateTime {
  return value.plus(duration, -1) ?? value;
}
