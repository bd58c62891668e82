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
import { DateTime } from "luxon";
import { isoParse } from "../python/iso-parse.js";
import { urlQuote } from "./jinja-filters.js";
import { iterate } from "../python/iterate.js";
import { pyCompare } from "../python/ops.js";
import { PyDate, PyDateTime, PyDuration, PyTimedelta } from "../python/datetime.js";
import { strptime } from "../python/strftime.js";
import { pyFloat, pyInt } from "../python/convert.js";
import { floatRepr, pyStr } from "../python/str.js";
import { isNumber, makeFloat, makeNamespace, numeric, PyError, PyFunction, PyUndefined, typeName } from "../python/values.js";

const US_PER_DAY = 86_400_000_000;
const DURATION = /^([+-])?P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

/** isodate's `parse_duration`: a timedelta, or a Duration when years or months are present. */
export function parseDuration(text: unknown): PyTimedelta | PyDuration {
  if (typeof text !== "string") throw new PyError("TypeError", `Expecting a string ${pyStr(text)}`);
  const m = DURATION.exec(text);
  if (!m || text === "P" || text.endsWith("T")) throw new PyError("ValueError", `Unable to parse duration string '${text}'`);
  const n = (i: number): number => (m[i] ? Number(m[i].replace(",", ".")) : 0);
  const sign = m[1] === "-" ? -1 : 1;
  const us = Math.round(((n(4) * 7 + n(5)) * 86400 + n(6) * 3600 + n(7) * 60 + n(8)) * 1e6);
  const delta = new PyTimedelta(sign * us);
  if (n(2) || n(3)) return new PyDuration(sign * n(2), sign * n(3), delta);
  return delta;
}

/** The kit's `str_to_datetime`: ISO text to a UTC datetime (naive counts as UTC). */
export function strToDatetime(value: unknown): PyDateTime {
  if (typeof value !== "string") throw new PyError("AttributeError", `'${typeName(value)}' object has no attribute 'encode'`);
  const parsed = isoParse(value);
  return PyDateTime.utc(parsed.epochUs);
}

function parseWithFormat(value: unknown, format: string): PyDateTime {
  const epoch = (us: number): PyDateTime => PyDateTime.utc(us);
  if (format === "%s") return epoch(pyInt(value) * 1e6);
  if (format === "%s_as_float") return epoch(Math.round(pyFloat(value) * 1e6));
  if (format === "%epoch_microseconds") return epoch(pyInt(value));
  if (format === "%ms") return epoch(pyInt(value) * 1000);
  const parsed = strptime(pyStr(value), format.replace("%_ms", "%f"));
  return PyDateTime.of(parsed.fields, parsed.offset ?? 0);
}

function formatParsed(dt: PyDateTime, format: string): string {
  const seconds = dt.epochUs / 1e6;
  if (format === "%s") return String(Math.trunc(seconds));
  if (format === "%s_as_float") return floatRepr(seconds);
  if (format === "%epoch_microseconds") return String(Math.trunc(dt.epochUs));
  if (format === "%ms") return String(Math.trunc(dt.epochUs / 1000));
  if (format.includes("%_ms")) {
    const ms = String(Math.floor(dt.fields.microsecond / 1000)).padStart(3, "0");
    return dt.strftime(format.replaceAll("%_ms", ms));
  }
  return dt.strftime(format);
}

/** The kit's `format_datetime(dt, format, input_format=None)`. */
export function formatDatetime(dt: unknown, format: unknown, inputFormat: unknown = null): string {
  if (dt instanceof PyDateTime) return dt.strftime(pyStr(format));
  let parsed: PyDateTime;
  if (inputFormat !== null && inputFormat !== undefined) parsed = parseWithFormat(dt, pyStr(inputFormat));
  else if (isNumber(dt)) parsed = parseWithFormat(dt, "%s");
  else parsed = strToDatetime(dt);
  if (parsed.offset === null) parsed = new PyDateTime(parsed.wallUs, 0);
  return formatParsed(parsed, pyStr(format));
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
 * The globals of every template, with `clock` (epoch milliseconds) behind the time macros.
 */
export function kitMacros(clock: () => number): Map<string, unknown> {
  const now = (): PyDateTime => PyDateTime.utc(clock() * 1000);
  const fn = (name: string, impl: (args: unknown[], kwargs: Record<string, unknown>) => unknown): [string, PyFunction] => [name, new PyFunction(name, impl)];
  return new Map<string, unknown>([
    fn("now_utc", () => now()),
    fn("today_utc", () => new PyDate(Math.floor(now().wallUs / US_PER_DAY) * US_PER_DAY)),
    fn("today_with_timezone", (a, k) => {
      const zone = pyStr(arg(a, k, 0, "timezone"));
      const local = DateTime.fromMillis(clock(), { zone });
      if (!local.isValid) throw new PyError("KeyError", `'${zone}'`);
      return new PyDate(Date.UTC(local.year, local.month - 1, local.day) * 1000);
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
