/**
 * Python's `strftime` as on Linux (glibc, C locale): `%Y %m %d %H %M %S %f %z %Z %y %b %B %a %A %j %p %I
 * %e %w %u %s %F %T %D %%`, glibc's `-` flag (`%-d`), and any other directive written out unchanged, as
 * glibc does.
 *
 * @example
 * strftime(PyDateTime.fromFields({ year: 2024, month: 3, day: 5 }).fields(), "%Y-%m-%dT%H:%M:%SZ", { offset: 0, wallSeconds: 1709596800 });
 * // "2024-03-05T00:00:00Z"
 */
import { dayOfYear, type DateFields } from "./calendar.js";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * What strftime needs besides the fields: the UTC offset in minutes (`null` for a naive value, whose `%z`
 * and `%Z` are empty), and the wall-clock seconds since the epoch that `%s` prints (glibc's `mktime` of the
 * fields in the machine's zone, UTC in the kit's containers).
 */
export interface StrftimeZone {
  offset: number | null;
  wallSeconds: number;
}

function pad(n: number, width: number, fill = "0"): string {
  return String(n).padStart(width, fill);
}

function offsetText(minutes: number, separator: string): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60), 2)}${separator}${pad(abs % 60, 2)}`;
}

function directive(f: DateFields, ch: string, zone: StrftimeZone): string | undefined {
  switch (ch) {
    case "Y": return String(f.year);
    case "y": return pad(f.year % 100, 2);
    case "m": return pad(f.month, 2);
    case "d": return pad(f.day, 2);
    case "e": return pad(f.day, 2, " ");
    case "H": return pad(f.hour, 2);
    case "I": return pad(f.hour % 12 === 0 ? 12 : f.hour % 12, 2);
    case "M": return pad(f.minute, 2);
    case "S": return pad(f.second, 2);
    case "f": return pad(f.microsecond, 6);
    case "p": return f.hour < 12 ? "AM" : "PM";
    case "a": return DAYS[f.weekday]!.slice(0, 3);
    case "A": return DAYS[f.weekday]!;
    case "b": case "h": return MONTHS[f.month - 1]!.slice(0, 3);
    case "B": return MONTHS[f.month - 1]!;
    case "j": return pad(dayOfYear(f.year, f.month, f.day), 3);
    case "w": return String((f.weekday + 1) % 7);
    case "u": return String(f.weekday + 1);
    case "z": return zone.offset === null ? "" : offsetText(zone.offset, "");
    // Python's fixed-offset timezone names itself "UTC" or "UTC+01:00".
    case "Z": return zone.offset === null ? "" : zone.offset === 0 ? "UTC" : `UTC${offsetText(zone.offset, ":")}`;
    case "s": return String(zone.wallSeconds);
    case "F": return `${f.year}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
    case "T": return `${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}`;
    case "D": return `${pad(f.month, 2)}/${pad(f.day, 2)}/${pad(f.year % 100, 2)}`;
    case "%": return "%";
  }
  return undefined;
}

/** Formats calendar fields with a strftime pattern. */
export function strftime(f: DateFields, format: string, zone: StrftimeZone): string {
  return format.replace(/%(-?)(.)/gs, (match, noPad: string, ch: string) => {
    const text = directive(f, ch, zone);
    if (text === undefined) return match;
    return noPad ? text.replace(/^[0 ]+(?=\d)/, "") : text;
  });
}
