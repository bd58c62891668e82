/**
 * Python's `strftime` and `strptime` for the directives manifests use (glibc behaviour, C locale),
 * including glibc's `%-d` (no padding) and `%s` (epoch seconds).
 */
import { PyError } from "./values.js";

/** The calendar fields of a date or datetime. `weekday` is Monday = 0, as in Python. */
export interface DateFields {
  year: number; month: number; day: number; hour: number; minute: number; second: number; microsecond: number; weekday: number;
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function pad(n: number, width: number, fill = "0"): string {
  return String(n).padStart(width, fill);
}

function dayOfYear(f: DateFields): number {
  return Math.round((Date.UTC(f.year, f.month - 1, f.day) - Date.UTC(f.year, 0, 1)) / 86_400_000) + 1;
}

function directive(f: DateFields, ch: string, context: { offset: number | null; epochSeconds: number }): string | undefined {
  const hour12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
  switch (ch) {
    case "Y": return String(f.year);
    case "y": return pad(f.year % 100, 2);
    case "m": return pad(f.month, 2);
    case "d": return pad(f.day, 2);
    case "e": return pad(f.day, 2, " ");
    case "H": return pad(f.hour, 2);
    case "I": return pad(hour12, 2);
    case "M": return pad(f.minute, 2);
    case "S": return pad(f.second, 2);
    case "f": return pad(f.microsecond, 6);
    case "p": return f.hour < 12 ? "AM" : "PM";
    case "a": return DAYS[f.weekday].slice(0, 3);
    case "A": return DAYS[f.weekday];
    case "b": case "h": return MONTHS[f.month - 1].slice(0, 3);
    case "B": return MONTHS[f.month - 1];
    case "j": return pad(dayOfYear(f), 3);
    case "w": return String((f.weekday + 1) % 7);
    case "u": return String(f.weekday + 1);
    case "z": {
      if (context.offset === null) return "";
      const abs = Math.abs(context.offset);
      return `${context.offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60), 2)}${pad(abs % 60, 2)}`;
    }
    case "Z": return context.offset === null ? "" : context.offset === 0 ? "UTC" : "";
    case "s": return String(context.epochSeconds);
    case "F": return `${f.year}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
    case "T": return `${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}`;
    case "D": return `${pad(f.month, 2)}/${pad(f.day, 2)}/${pad(f.year % 100, 2)}`;
    case "%": return "%";
  }
  return undefined;
}

/** Formats date fields with a strftime pattern. */
export function strftime(f: DateFields, format: string, context: { offset: number | null; epochSeconds: number }): string {
  return format.replace(/%(-?)(.)/gs, (match, noPad: string, ch: string) => {
    const text = directive(f, ch, context);
    if (text === undefined) return match;
    return noPad ? text.replace(/^[0 ]+(?=.)/, "") : text;
  });
}

/** The result of {@link strptime}: fields, and the UTC offset in minutes when the text had one. */
export interface ParsedTime {
  fields: { year: number; month: number; day: number; hour: number; minute: number; second: number; microsecond: number };
  offset: number | null;
}

const PATTERNS: Record<string, string> = {
  Y: "(\\d{4})", m: "(\\d{1,2})", d: "(\\d{1,2})", H: "(\\d{1,2})", M: "(\\d{1,2})", S: "(\\d{1,2})",
  f: "(\\d{1,6})", y: "(\\d{2})", j: "(\\d{1,3})", I: "(\\d{1,2})", p: "(AM|PM|am|pm)",
  z: "(Z|[+-]\\d{2}:?\\d{2}(?::?\\d{2})?)", b: "([A-Za-z]{3})", B: "([A-Za-z]+)", a: "([A-Za-z]{3})", A: "([A-Za-z]+)",
  Z: "(UTC|GMT|utc|gmt)", "%": "(%)",
};

/** Python's `datetime.strptime(text, format)`; a mismatch raises ValueError as Python does. */
export function strptime(text: string, format: string): ParsedTime {
  const order: string[] = [];
  let source = "^";
  for (let i = 0; i < format.length; i++) {
    const ch = format[i];
    if (ch === "%" && i + 1 < format.length) {
      const d = format[++i];
      const pattern = PATTERNS[d];
      if (!pattern) throw new PyError("ValueError", `'${d}' is a bad directive in format '${format}'`);
      source += pattern;
      order.push(d);
    } else if (/\s/.test(ch)) source += "\\s+";
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  const m = new RegExp(`${source}$`).exec(text);
  if (!m) throw new PyError("ValueError", `time data '${text}' does not match format '${format}'`);
  const f = { year: 1900, month: 1, day: 1, hour: 0, minute: 0, second: 0, microsecond: 0 };
  let offset: number | null = null;
  let pm: boolean | undefined;
  order.forEach((d, i) => {
    const v = m[i + 1];
    switch (d) {
      case "Y": f.year = Number(v); break;
      case "y": f.year = Number(v) + (Number(v) < 69 ? 2000 : 1900); break;
      case "m": f.month = Number(v); break;
      case "d": f.day = Number(v); break;
      case "H": case "I": f.hour = Number(v); break;
      case "M": f.minute = Number(v); break;
      case "S": f.second = Number(v); break;
      case "f": f.microsecond = Number(v.padEnd(6, "0")); break;
      case "p": pm = v.toUpperCase() === "PM"; break;
      case "b": case "B": {
        const i2 = MONTHS.findIndex((name) => name.toLowerCase().startsWith(v.toLowerCase()) && (d === "b" ? v.length === 3 : name.length === v.length));
        if (i2 < 0) throw new PyError("ValueError", `time data '${text}' does not match format '${format}'`);
        f.month = i2 + 1;
        break;
      }
      case "z": {
        if (v === "Z") { offset = 0; break; }
        const digits = v.replace(/:/g, "");
        const sign = digits[0] === "-" ? -1 : 1;
        offset = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
        break;
      }
      case "Z": offset = 0; break;
    }
  });
  if (pm !== undefined && order.includes("I")) f.hour = (f.hour % 12) + (pm ? 12 : 0);
  const check = new Date(Date.UTC(f.year, f.month - 1, f.day));
  if (f.month < 1 || f.month > 12 || check.getUTCDate() !== f.day || f.hour > 23 || f.minute > 59 || f.second > 61) {
    throw new PyError("ValueError", `time data '${text}' does not match format '${format}'`);
  }
  return { fields: f, offset };
}
