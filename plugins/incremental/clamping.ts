import { ManifestError } from "../../sdk/index.js";
import { PyDateTime } from "../../python/datetime.js";

const DAY_US = 86_400_000_000n;
const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

/**
 * Rounds slice boundaries to calendar units (the kit's clamping strategies). `ceil` rounds a slice's
 * bounds up; `floor` rounds the end of the sync window down. As in the kit, DAY's ceiling adds a day
 * even to a value already at midnight.
 *
 * @example
 * clamping: { target: WEEK, target_details: { weekday: MONDAY } }
 */
export interface Clamping {
  ceil(value: PyDateTime): PyDateTime;
  floor(value: PyDateTime): PyDateTime;
}

/** No clamping: the default. */
export const NO_CLAMPING: Clamping = { ceil: (v) => v, floor: (v) => v };

/**
 * The clamping of a `DatetimeBasedCursor.clamping` definition, with the target already evaluated.
 *
 * @example
 * makeClamping("MONTH", undefined, "streams[0].incremental_sync.clamping");
 */
export function makeClamping(target: string, details: Record<string, unknown> | undefined, path: string): Clamping {
  switch (target) {
    case "DAY":
      return { ceil: (v) => midnight(v).plus({ years: 0, months: 0, us: DAY_US })!, floor: midnight };
    case "MONTH":
      return {
        ceil: (v) => (v.fields().day === 1 ? midnight(v) : midnight(v).replace({ day: 1 }).plus({ years: 0, months: 1, us: 0n })!),
        floor: (v) => (v.fields().day === 1 ? midnight(v) : midnight(v).replace({ day: 1 })),
      };
    case "WEEK": {
      const weekday = WEEKDAYS.indexOf(String(details?.weekday ?? "").toUpperCase());
      if (weekday < 0) {
        throw new ManifestError("MANIFEST_INVALID", "WEEK clamping needs target_details.weekday", { where: { manifestPath: `${path}.target_details` }, expected: WEEKDAYS.join(", "), found: JSON.stringify(details?.weekday) ?? "nothing" });
      }
      return { ceil: (v) => week(v, weekday, true), floor: (v) => week(v, weekday, false) };
    }
  }
  throw new ManifestError("MANIFEST_INVALID", `Invalid clamping target ${target}`, { where: { manifestPath: `${path}.target` }, expected: "DAY, WEEK or MONTH", found: target });
}

function midnight(value: PyDateTime): PyDateTime {
  return value.replace({ hour: 0, minute: 0, second: 0, microsecond: 0 });
}

function week(value: PyDateTime, weekday: number, ceiling: boolean): PyDateTime {
  const current = value.fields().weekday;
  const toCeiling = current > weekday ? 7 - (current - weekday) : Math.abs(current - weekday);
  const days = ceiling ? toCeiling : toCeiling - 7;
  return midnight(value).plus({ years: 0, months: 0, us: BigInt(days) * DAY_US }) ?? value;
}
