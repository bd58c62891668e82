import type { PyDateTime } from "../../python/datetime.js";
import type { IsoDuration } from "../../python/iso-duration.js";

/** One synced range of the cursor: its bounds and the highest cursor value read in it, if any. */
export interface Interval {
  start: PyDateTime;
  end: PyDateTime;
  mostRecent?: PyDateTime;
}

/**
 * The ranges of the sync window read so far, as the kit's concurrent cursor keeps them: the range the
 * saved state stands for, plus one range per closed slice, merged when they touch (the end of one plus
 * the cursor granularity, default one millisecond, reaches the start of the next). The state's cursor
 * value is the highest value read in the first merged range, or that range's start.
 *
 * @example
 * const ranges = new CursorIntervals([{ start: s, end: s, mostRecent: s }], undefined);
 * ranges.add({ start: s, end: sPlusOneDay, mostRecent: latestRecord });
 * ranges.latestComplete(); // latestRecord
 */
export class CursorIntervals {
  private intervals: Interval[];

  constructor(initial: Interval[], private readonly granularity: IsoDuration | undefined) {
    this.intervals = this.merge(initial);
  }

  /** The merged ranges, earliest first. */
  get ranges(): readonly Interval[] {
    return this.intervals;
  }

  add(interval: Interval): void {
    this.intervals = this.merge([...this.intervals, interval]);
  }

  /** The cursor value every record up to which has been read. */
  latestComplete(): PyDateTime {
    const first = this.intervals[0]!;
    return first.mostRecent ?? first.start;
  }

  private merge(intervals: Interval[]): Interval[] {
    if (intervals.length === 0) return [];
    const sorted = intervals.map((i) => ({ ...i })).sort((a, b) => a.start.compare(b.start) || a.end.compare(b.end));
    const merged: Interval[] = [sorted[0]!];
    for (const current of sorted.slice(1)) {
      const last = merged[merged.length - 1]!;
      if (!this.increment(last.end).isBefore(current.start)) {
        if (current.end.compare(last.end) > 0) last.end = current.end;
        last.mostRecent = last.mostRecent && current.mostRecent ? maxOf(current.mostRecent, last.mostRecent) : current.mostRecent ?? last.mostRecent;
      } else {
        merged.push(current);
      }
    }
    return merged;
  }

  private increment(value: PyDateTime): PyDateTime {
    const step = this.granularity && (this.granularity.us !== 0n || this.granularity.months !== 0 || this.granularity.years !== 0) ? this.granularity : { years: 0, months: 0, us: 1000n };
    return value.plus(step) ?? value;
  }
}

function maxOf(a: PyDateTime, b: PyDateTime): PyDateTime {
  return b.compare(a) > 0 ? b : a;
}
