import { DatetimeValue } from "./datetime-value.js";
import { strftime } from "./strftime-value.js";
import { strptime } from "./strptime.js";
import { pyFloatText, pyStr } from "./py-text.js";

const EPOCH = new DatetimeValue(0n);

/**
 * Parses a datetime as the kit's `DatetimeParser.parse(value, format)`: the epoch formats `%s` (seconds),
 * `%s_as_float`, `%ms` (milliseconds) and `%epoch_microseconds`; `%_ms` stands for `%f`; any other
 * format goes through strptime, and a result without an offset is UTC. Throws `Error` when the value
 * does not match.
 *
 * @example
 * parseDatetime("1704067200", "%s");                 // 2024-01-01T00:00:00Z
 * parseDatetime("2024-01-01T00:00:00Z", "%Y-%m-%dT%H:%M:%SZ");
 */
export function parseDatetime(value: unknown, format: string): DatetimeValue {
  switch (format) {
    case "%s": return EPOCH.plus({ years: 0, months: 0, us: pyInt(value) * 1_000_000n }) ?? overflow(value);
    case "%s_as_float": return EPOCH.plus({ years: 0, months: 0, us: BigInt(Math.round(pyFloat(value) * 1e6)) }) ?? overflow(value);
    case "%epoch_microseconds": return EPOCH.plus({ years: 0, months: 0, us: pyInt(value) }) ?? overflow(value);
    case "%ms": return EPOCH.plus({ years: 0, months: 0, us: pyInt(value) * 1000n }) ?? overflow(value);
  }
  const { value: parsed } = strptime(pyStr(value), format.replace(/%_ms/g, "%f"));
  return parsed;
}

/**
 * Formats a datetime as the kit's `DatetimeParser.format(dt, format)`: `%s` is whole epoch seconds,
 * `%s_as_float` Python's float text (`1704067200.0`), `%ms` and `%epoch_microseconds` whole
 * milliseconds and microseconds, `%_ms` three-digit milliseconds; the rest is strftime.
 *
 * @example
 * formatDatetime(value, "%Y-%m-%dT%H:%M:%S.%_msZ"); // "2024-01-01T00:00:00.000Z"
 */
export function formatDatetime(value: DatetimeValue, format: string): string {
  const timestamp = value.timestamp();
  switch (format) {
    case "%s": return String(Math.trunc(timestamp));
    case "%s_as_float": return pyFloatText(timestamp);
    case "%epoch_microseconds": return String(Math.trunc(timestamp * 1_000_000));
    case "%ms": return String(Math.trunc(timestamp * 1000));
  }
  if (format.includes("%_ms")) {
    // As the kit: format with %f, then put the milliseconds where the microseconds text appears.
    const micro = strftime(value, "%f");
    const millis = String(Math.trunc(value.fields().microsecond / 1000)).padStart(3, "0");
    return strftime(value, format.replace(/%_ms/g, "%f")).split(micro).join(millis);
  }
  return strftime(value, format);
}

/** Python's `int(value)` for a str or number (a float is truncated; "1.5" is an error). */
function pyInt(value: unknown): bigint {
  if (typeof value === "number" && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === "bigint") return value;
  const text = pyStr(value).trim().replace(/_/g, "");
  if (!/^[+-]?\d+$/.test(text)) throw new Error(`invalid literal for int() with base 10: '${pyStr(value)}'`);
  return BigInt(text);
}

function pyFloat(value: unknown): number {
  const number = typeof value === "number" ? value : Number(pyStr(value).trim());
  if (!Number.isFinite(number)) throw new Error(`could not convert string to float: '${pyStr(value)}'`);
  return number;
}

function overflow(value: unknown): never {
  throw new Error(`timestamp out of range: ${pyStr(value)}`);
}
