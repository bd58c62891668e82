/**
 * The kit's `DatetimeParser`: the datetime formats manifests write (`datetime_format`,
 * `cursor_datetime_formats`, `format_datetime(..., input_format)`), strftime/strptime plus the epoch
 * formats `%s` (seconds), `%s_as_float`, `%ms` (milliseconds), `%epoch_microseconds` and `%_ms`
 * (three-digit milliseconds).
 */
import { pyFloat, pyIntExact } from "./convert.js";
import { PyDateTime } from "./datetime.js";
import { floatRepr, pyStr } from "./str.js";
import { strptime } from "./strptime.js";
import { PyError } from "./values.js";

const EPOCH = new PyDateTime(0n);

/**
 * Parses a datetime as the kit's `DatetimeParser.parse(value, format)`: the epoch formats, `%_ms` standing
 * for `%f`, any other format through strptime; a result without an offset is UTC. Raises ValueError
 * (a {@link PyError}) when the value does not match.
 *
 * @example
 * parseDatetime("1704067200", "%s");                 // 2024-01-01T00:00:00Z
 * parseDatetime("2024-01-01T00:00:00Z", "%Y-%m-%dT%H:%M:%SZ");
 */
export function parseDatetime(value: unknown, format: string): PyDateTime {
  switch (format) {
    case "%s": return EPOCH.plus({ years: 0, months: 0, us: pyIntExact(value) * 1_000_000n }) ?? overflow(value);
    case "%s_as_float": return EPOCH.plus({ years: 0, months: 0, us: BigInt(Math.round(finite(value) * 1e6)) }) ?? overflow(value);
    case "%epoch_microseconds": return EPOCH.plus({ years: 0, months: 0, us: pyIntExact(value) }) ?? overflow(value);
    case "%ms": return EPOCH.plus({ years: 0, months: 0, us: pyIntExact(value) * 1000n }) ?? overflow(value);
  }
  return strptime(pyStr(value), format.replace(/%_ms/g, "%f")).assumeUtc();
}

/**
 * Formats a datetime as the kit's `DatetimeParser.format(dt, format)`: `%s` is whole epoch seconds,
 * `%s_as_float` Python's float text (`1704067200.0`), `%ms` and `%epoch_microseconds` whole
 * milliseconds and microseconds (from the float timestamp, as the kit), `%_ms` three-digit milliseconds;
 * the rest is strftime.
 *
 * @example
 * formatDatetime(value, "%Y-%m-%dT%H:%M:%S.%_msZ"); // "2024-01-01T00:00:00.000Z"
 */
export function formatDatetime(value: PyDateTime, format: string): string {
  const timestamp = value.timestamp();
  switch (format) {
    case "%s": return String(Math.trunc(timestamp));
    case "%s_as_float": return floatRepr(timestamp);
    case "%epoch_microseconds": return String(Math.trunc(timestamp * 1_000_000));
    case "%ms": return String(Math.trunc(timestamp * 1000));
  }
  if (format.includes("%_ms")) {
    // As the kit: format with %f, then put the milliseconds where the microseconds text appears.
    const micro = value.strftime("%f");
    const millis = String(Math.trunc(value.fields().microsecond / 1000)).padStart(3, "0");
    return value.strftime(format.replace(/%_ms/g, "%f")).split(micro).join(millis);
  }
  return value.strftime(format);
}

function finite(value: unknown): number {
  const number = pyFloat(value);
  if (!Number.isFinite(number)) throw new PyError("ValueError", `could not convert string to float: '${pyStr(value)}'`);
  return number;
}

function overflow(value: unknown): never {
  throw new PyError("OverflowError", `timestamp out of range: ${pyStr(value)}`);
}
