import { daysInMonth } from "./calendar.js";
import { PyDateTime } from "./datetime.js";
import { PyError } from "./values.js";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

// The regular expressions of CPython's _strptime (TimeRE), C locale; matching ignores case except %z's Z.
const DIRECTIVES: Record<string, string> = {
  d: "(?<d>3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])",
  f: "(?<f>[0-9]{1,6})",
  H: "(?<H>2[0-3]|[0-1]\\d|\\d)",
  I: "(?<I>1[0-2]|0[1-9]|[1-9])",
  j: "(?<j>36[0-6]|3[0-5]\\d|[12]\\d\\d|0[1-9]\\d|00[1-9]|[1-9]\\d|0[1-9]|[1-9])",
  m: "(?<m>1[0-2]|0[1-9]|[1-9])",
  M: "(?<M>[0-5]\\d|\\d)",
  S: "(?<S>6[0-1]|[0-5]\\d|\\d)",
  y: "(?<y>\\d\\d)",
  Y: "(?<Y>\\d\\d\\d\\d)",
  z: "(?<z>[+-]\\d\\d:?[0-5]\\d(?::?[0-5]\\d(?:\\.\\d{1,6})?)?|Z)",
  Z: "(?<Z>utc|gmt)",
  p: "(?<p>am|pm)",
  b: `(?<b>${MONTHS.map((m) => m.slice(0, 3)).join("|")})`,
  B: `(?<B>${MONTHS.join("|")})`,
  a: `(?<a>${DAYS.map((d) => d.slice(0, 3)).join("|")})`,
  A: `(?<A>${DAYS.join("|")})`,
  "%": "%",
};

const cache = new Map<string, RegExp>();

/**
 * Python's `datetime.strptime` (C locale): the same directive patterns, case-insensitive literals,
 * whitespace in the format matching any run of whitespace, and the whole text must match. The result
 * is naive (offset `null`) unless the format has `%z`. Raises ValueError with Python's message on a
 * mismatch ("time data ... does not match format ...") or an impossible date.
 *
 * @example
 * strptime("2024-03-05T10:00:00+0100", "%Y-%m-%dT%H:%M:%S%z"); // 2024-03-05 10:00:00+01:00
 */
export function strptime(text: string, format: string): PyDateTime {
  const match = compile(format).exec(text);
  if (!match) throw new PyError("ValueError", `time data '${text}' does not match format '${format}'`);
  if (match[0].length !== text.length) throw new PyError("ValueError", `unconverted data remains: ${text.slice(match[0].length)}`);
  return build(match.groups ?? {}, text);
}

function compile(format: string): RegExp {
  let regex = cache.get(format);
  if (regex) return regex;
  let source = "";
  const seen = new Set<string>();
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === "%") {
      const directive = format[++i];
      const pattern = directive === undefined ? undefined : DIRECTIVES[directive];
      if (pattern === undefined) throw new PyError("ValueError", directive === undefined ? `stray % in format '${format}'` : `'${directive}' is a bad directive in format '${format}'`);
      // A directive used twice becomes a backreference in CPython; a second named group is not allowed in JS either.
      source += seen.has(directive!) ? `\\k<${directive}>` : pattern;
      seen.add(directive!);
    } else if (/\s/.test(ch)) {
      while (i + 1 < format.length && /\s/.test(format[i + 1]!)) i++;
      source += "\\s+";
    } else {
      source += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    }
  }
  regex = new RegExp(`^${source}`, "i");
  cache.set(format, regex);
  return regex;
}

function build(g: Record<string, string | undefined>, text: string): PyDateTime {
  const year = g.Y !== undefined ? Number(g.Y) : g.y !== undefined ? (Number(g.y) < 69 ? 2000 : 1900) + Number(g.y) : 1900;
  let month = g.m !== undefined ? Number(g.m) : g.b !== undefined ? monthIndex(g.b, 3) : g.B !== undefined ? monthIndex(g.B, 0) : 1;
  let day = g.d !== undefined ? Number(g.d.trim()) : 1;
  let hour = g.H !== undefined ? Number(g.H) : 0;
  if (g.I !== undefined) {
    hour = Number(g.I) % 12;
    if (g.p?.toLowerCase() === "pm") hour += 12;
  }
  const minute = g.M !== undefined ? Number(g.M) : 0;
  const second = g.S !== undefined ? Number(g.S) : 0;
  const microsecond = g.f !== undefined ? Number(g.f.padEnd(6, "0")) : 0;
  if (g.j !== undefined && g.m === undefined && g.d === undefined) {
    const date = PyDateTime.fromFields({ year }).plus({ years: 0, months: 0, us: BigInt(Number(g.j) - 1) * 86_400_000_000n })!.fields();
    month = date.month;
    day = date.day;
  }
  // CPython matches %z's `Z` case-sensitively; a JS regex cannot switch case sensitivity for one group.
  if (g.z === "z") throw new PyError("ValueError", `time data '${text}' does not match format`);
  if (day > daysInMonth(year, month) || second > 59) throw new PyError("ValueError", "day is out of range for month");
  const offset = g.z === undefined ? undefined : offsetMinutes(g.z);
  return PyDateTime.fromFields({ year, month, day, hour, minute, second, microsecond }, offset ?? null);
}

function monthIndex(name: string, length: number): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((m) => (length ? m.slice(0, length) : m) === lower) + 1;
}

function offsetMinutes(z: string): number {
  if (z === "Z") return 0;
  const digits = z.slice(1).replace(/:/g, "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
  return z[0] === "-" ? -minutes : minutes;
}
