import type { DatetimeValue } from "./datetime-value.js";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * Python's `datetime.strftime` for an aware datetime, as on Linux (glibc, C locale): `%Y %m %d %H %M %S
 * %f %z %Z %y %b %B %a %A %j %p %I %e %s %F %T %%`, glibc's `-` flag (`%-d`), and any other directive
 * written out unchanged, as glibc does.
 *
 * @example
 * strftime(DatetimeValue.fromFields({ year: 2024, month: 3, day: 5 }), "%Y-%m-%dT%H:%M:%SZ"); // "2024-03-05T00:00:00Z"
 */
export function strftime(value: DatetimeValue, format: string): string {
  let out = "";
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch !== "%" || i === format.length - 1) {
      out += ch;
      continue;
    }
    let directive = format[++i]!;
    let unpadded = false;
    if (directive === "-" && i + 1 < format.length) {
      unpadded = true;
      directive = format[++i]!;
    }
    const text = render(value, directive);
    if (text === undefined) out += `%${unpadded ? "-" : ""}${directive}`;
    else out += unpadded && /^[0 ]\d/.test(text) ? text.replace(/^[0 ]+(?=\d)/, "") : text;
  }
  return out;
}

function pad(n: number, width: number, fill = "0"): string {
  return String(n).padStart(width, fill);
}

function render(value: DatetimeValue, ch: string): string | undefined {
  const f = value.fields();
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
    case "z": return offsetText(value.offsetMinutes, "");
    case "Z": return value.offsetMinutes === 0 ? "UTC" : `UTC${offsetText(value.offsetMinutes, ":")}`;
    case "s": return String(Math.floor(value.timestamp()));
    case "F": return `${f.year}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
    case "T": return `${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}`;
    case "%": return "%";
  }
  return undefined;
}

function offsetText(minutes: number, separator: string): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60), 2)}${separator}${pad(abs % 60, 2)}`;
}

function dayOfYear(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(2000, month - 1, day) - Date.UTC(2000, 0, 1)) / 86_400_000) + 1 - (month > 2 && !isLeap(year) ? 1 : 0);
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
