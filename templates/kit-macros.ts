/**
 * The kit's macros (template globals): `now_utc`, `today_utc`, `today_with_timezone`, `timestamp`,
 * `str_to_datetime`, `max`, `min`, `day_delta`, `duration`, `format_datetime`, `sanitize_url`,
 * `camel_case_to_snake_case`, `generate_uuid`, plus Jinja's default globals except `range`.
 *
 * @example
 * # manifest YAML
 * request_parameters:
 *   since: "{{ format_datetime(config['start_date'], '%Y-%m-%dT%H:%M:%SZ') }}"
 *   until: "{{ day_delta(-1, format='%Y-%m-%d') }}"
 */
import { randomUUID } from "node:crypto";
import { isoParse } from "../python/iso-parse.js";
import { urlQuote } from "./jinja-filters.js";
import { iterate } from "../python/iterate.js";
import { pyCompare } from "../python/ops.js";
import { PyDate } from "../python/date.js";
import { PyDateTime } from "../python/datetime.js";
import { formatDatetime as formatKitDatetime, parseDatetime } from "../python/datetime-format.js";
import { parseIsoDurationParts } from "../python/iso-duration.js";
import { PyDuration, PyTimedelta, US_PER_DAY } from "../python/timedelta.js";
import { pyInt } from "../python/convert.js";
import { pyStr } from "../python/str.js";
import { isNumber, makeFloat, makeNamespace, numeric, PyError, PyFunction, PyUndefined, typeName } from "../python/values.js";

/** isodate's `parse_duration`: a timedelta, or a Duration when years or months are present. */
function parseDuration(text: unknown): PyTimedelta | PyDuration {
  if (typeof text !== "string") throw new PyError("TypeError", `Expecting a string ${pyStr(text)}`);
  const parts = parseIsoDurationParts(text);
  if (!parts) throw new PyError("ValueError", `Unable to parse duration string '${text}'`);
  const delta = new PyTimedelta(parts.us);
  return parts.years || parts.months ? new PyDuration(parts.years, parts.months, delta) : delta;
}

/** The kit's `str_to_datetime`: ISO text to a UTC datetime (naive counts as UTC). */
function strToDatetime(value: unknown): PyDateTime {
  if (typeof value !== "string") throw new PyError("AttributeError", `'${typeName(value)}' object has no attribute 'encode'`);
  return isoParse(value).withOffset(0);
}

/** The kit's `format_datetime(dt, format, input_format=None)`. */
function formatDatetime(dt: unknown, format: unknown, inputFormat: unknown = null): string {
  if (dt instanceof PyDateTime) return dt.strftime(pyStr(format));
  let parsed: PyDateTime;
  if (inputFormat !== null && inputFormat !== undefined) parsed = parseDatetime(dt, pyStr(inputFormat));
  else if (isNumber(dt)) parsed = parseDatetime(dt, "%s");
  else parsed = strToDatetime(dt);
  return formatKitDatetime(parsed.assumeUtc(), pyStr(format));
}

function builtinMinMax(args: unknown[], sign: 1 | -1, name: string): unknown {
  const items = args.length === 1 ? iterate(args[0] instanceof PyUndefined ? args[0].fail() : args[0]) : args;
  if (!items.length) throw new PyError("ValueError", `${name}() arg is an empty sequence`);
  return items.reduce((best, item) => (pyCompare(item, best, sign > 0 ? ">" : "<") * sign > 0 ? item : best));
}

function arg(args: unknown[], kwargs: Record<string, unknown>, index: number, name: string, fallback?: unknown): unknown {
  if (index < args.length) return args[index];
  if (Object.hasOwn(kwargs, name)) return kwargs[name];
  if (fallback === undefined) throw new PyError("TypeError", `missing required argument: '${name}'`);
  return fallback;
}

function notSupported(name: string): PyFunction {
  return new PyFunction(name, () => { throw new PyError("TemplateRuntimeError", `${name}() is not supported in Sluice templates`); });
}

/**
 * The globals of every template, with `clock` (epoch milliseconds) behind the time macros, and
 * `clockMicroseconds` (epoch microseconds) behind `now_utc()`, `today_utc()` and `day_delta()` when given,
 * as the kit's `datetime.now()` has microseconds.
 */
export function kitMacros(clock: () => number, clockMicroseconds?: () => bigint): Map<string, unknown> {
  const now = (): PyDateTime => PyDateTime.utc(clockMicroseconds ? clockMicroseconds() : clock() * 1000);
  const fn = (name: string, impl: (args: unknown[], kwargs: Record<string, unknown>) => unknown): [string, PyFunction] => [name, new PyFunction(name, impl)];
  return new Map<string, unknown>([
    fn("now_utc", () => now()),
    fn("today_utc", () => now().date()),
    fn("today_with_timezone", (a, k) => {
      const zone = pyStr(arg(a, k, 0, "timezone"));
      const local = dateInZone(clock(), zone);
      if (!local) throw new PyError("KeyError", `'${zone}'`);
      return PyDate.of(local);
    }),
    fn("timestamp", (a, k) => {
      const dt = arg(a, k, 0, "dt");
      if (isNumber(dt) || typeof dt === "boolean") return pyInt(dt);
      return makeFloat(strToDatetime(dt).epochUs / 1e6);
    }),
    fn("str_to_datetime", (a, k) => strToDatetime(arg(a, k, 0, "s"))),
    fn("max", (a) => builtinMinMax(a, 1, "max")),
    fn("min", (a) => builtinMinMax(a, -1, "min")),
    fn("day_delta", (a, k) => {
      const days = numeric(arg(a, k, 0, "num_days"));
      const format = pyStr(arg(a, k, 1, "format", "%Y-%m-%dT%H:%M:%S.%f%z"));
      const shifted = now().pyAdd(new PyTimedelta(Math.round(days * US_PER_DAY))) as PyDateTime;
      return shifted.strftime(format);
    }),
    fn("duration", (a, k) => parseDuration(arg(a, k, 0, "datestring"))),
    fn("format_datetime", (a, k) => formatDatetime(arg(a, k, 0, "dt"), arg(a, k, 1, "format"), arg(a, k, 2, "input_format", null))),
    fn("sanitize_url", (a, k) => {
      const value = arg(a, k, 0, "value");
      if (typeof value !== "string") throw new PyError("TypeError", "quote_from_bytes() expected bytes");
      return urlQuote(value, " ").replace(/ /g, "+");
    }),
    fn("camel_case_to_snake_case", (a, k) => {
      const value = arg(a, k, 0, "value");
      if (typeof value !== "string") throw new PyError("TypeError", "expected string or bytes-like object");
      return value.replace(/(?<!^)(?=[A-Z])/g, "_").toLowerCase();
    }),
    fn("generate_uuid", () => randomUUID()),
    fn("dict", (a, k) => ({ ...(a[0] && typeof a[0] === "object" ? (a[0] as object) : {}), ...k })),
    fn("namespace", (a, k) => makeNamespace({ ...(a[0] && typeof a[0] === "object" ? (a[0] as object) : {}), ...k })),
    ["lipsum", notSupported("lipsum")],
    ["cycler", notSupported("cycler")],
    ["joiner", notSupported("joiner")],
  ]);
}

/** One date formatter per time zone (null: a zone the runtime does not know): making one costs far more than using it, and a template renders per request. */
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat | null>();

function dateFormatIn(zone: string): Intl.DateTimeFormat | undefined {
  let format = DATE_FORMATS.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric", era: "short" });
    } catch {
      format = null;
    }
    DATE_FORMATS.set(zone, format);
  }
  return format ?? undefined;
}

/** The calendar date at `ms` in the IANA time zone `zone` (undefined for a zone the runtime does not know), from the runtime's time zone data. */
function dateInZone(ms: number, zone: string): { year: number; month: number; day: number } | undefined {
  const format = dateFormatIn(zone);
  if (!format) return undefined;
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}
