/**
 * Python's `int()` and `float()` conversions, which Jinja's `int`/`float` filters rely on.
 */
import { isNumber, numeric, PyError, PyFloat, PyUndefined, typeName } from "./values.js";

const FLOAT_TEXT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/** Python's `float(value)`; raises ValueError/TypeError as Python does. */
export function pyFloat(value: unknown): number {
  if (value instanceof PyUndefined) value.fail();
  if (isNumber(value) || typeof value === "boolean") return numeric(value);
  if (typeof value === "string") {
    const text = value.trim();
    if (FLOAT_TEXT.test(text)) return Number(text.replace(/_/g, ""));
    const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
    if (special) return special[2].toLowerCase() === "nan" ? NaN : special[1] === "-" ? -Infinity : Infinity;
    throw new PyError("ValueError", `could not convert string to float: '${value}'`);
  }
  throw new PyError("TypeError", `float() argument must be a string or a real number, not '${typeName(value)}'`);
}

/** Python's `int(value)` / `int(text, base)`; raises ValueError/TypeError/OverflowError as Python does. */
export function pyInt(value: unknown, base = 10): number {
  return Number(pyIntExact(value, base));
}

/**
 * Python's `int()` as an exact BigInt, for values past 2^53 (epoch microseconds of far dates).
 *
 * @example
 * pyIntExact("253402300799999999"); // 253402300799999999n
 * pyIntExact("0x1f", 0);            // 31n
 */
export function pyIntExact(value: unknown, base = 10): bigint {
  if (value instanceof PyUndefined) value.fail();
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "bigint") return value;
  if (typeof value === "number" || value instanceof PyFloat) {
    const n = numeric(value);
    if (!Number.isFinite(n)) throw new PyError(Number.isNaN(n) ? "ValueError" : "OverflowError", "cannot convert float to integer");
    return BigInt(Math.trunc(n));
  }
  if (typeof value === "string") {
    let text = value.trim().toLowerCase();
    let sign = 1n;
    if (text.startsWith("-") || text.startsWith("+")) { sign = text.startsWith("-") ? -1n : 1n; text = text.slice(1); }
    let b = base;
    const prefixed = /^0([xob])/.exec(text);
    if (prefixed && (b === 0 || b === { x: 16, o: 8, b: 2 }[prefixed[1] as "x" | "o" | "b"])) {
      b = { x: 16, o: 8, b: 2 }[prefixed[1] as "x" | "o" | "b"];
      text = text.slice(2).replace(/^_/, "");
    } else if (b === 0) b = 10;
    const digits = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, b);
    const valid = new RegExp(`^[${digits}](?:_?[${digits}])*$`);
    if (!valid.test(text)) throw new PyError("ValueError", `invalid literal for int() with base ${base}: '${value}'`);
    let result = 0n;
    for (const ch of text.replace(/_/g, "")) result = result * BigInt(b) + BigInt(digits.indexOf(ch));
    return sign * result;
  }
  throw new PyError("TypeError", `int() argument must be a string, a bytes-like object or a real number, not '${typeName(value)}'`);
}
