/**
 * Python's operators on template values: `==`, `<`, `in`, `+ - * / // % **`, with Python's types
 * (int/float/bool arithmetic, string and list concatenation, errors where Python raises).
 */
import { exactIntOp, normalize } from "./exact-int.js";
import { checkSize } from "./resource-limits.js";
import { isPyObject, pyRepr, pyStr } from "./str.js";
import {
  isDict, isFloat, isNumber, isTuple, makeFloat, makeTuple, numeric, PyError, PyFloat, PySet, PyUndefined, typeName,
} from "./values.js";

/** A value that implements some operators itself (datetimes, durations). */
interface PyOperand {
  pyEq?(other: unknown): boolean;
  pyCompare?(other: unknown): number | undefined;
  pyAdd?(other: unknown): unknown;
  pyRadd?(other: unknown): unknown;
  pySub?(other: unknown): unknown;
  pyRsub?(other: unknown): unknown;
  pyMul?(other: unknown): unknown;
  pyNeg?(): unknown;
}

function operand(value: unknown): PyOperand | undefined {
  return isPyObject(value) ? (value as unknown as PyOperand) : undefined;
}

/** An int, float or bool; a `bigint` (an int past 2^53) too: exact with ints (exact-int.ts), a float with floats. */
function isNum(value: unknown): boolean {
  return isNumber(value) || typeof value === "boolean" || typeof value === "bigint";
}

/** Integers past 2^53 (a `bigint`, as JSON bodies give them) compare exactly with ints and bigints. */
function exactOperands(a: unknown, b: unknown): boolean {
  const integral = (v: unknown) => typeof v === "bigint" || typeof v === "boolean" || (typeof v === "number" && Number.isInteger(v));
  return integral(a) && integral(b);
}

function exact(value: unknown): bigint {
  return typeof value === "bigint" ? value : BigInt(typeof value === "boolean" ? Number(value) : (value as number));
}

function failIfUndefined(...values: unknown[]): void {
  for (const value of values) if (value instanceof PyUndefined) value.fail();
}

/** Python's `==`. */
export function pyEq(a: unknown, b: unknown): boolean {
  if (a instanceof PyUndefined || b instanceof PyUndefined) return a instanceof PyUndefined && b instanceof PyUndefined;
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === "bigint" || typeof b === "bigint") return exactOperands(a, b) ? exact(a) === exact(b) : false;
  if (isNum(a) && isNum(b)) return numeric(a) === numeric(b);
  if (typeof a === "string" || typeof b === "string" || a === null || b === null) return a === b;
  if (Array.isArray(a) && Array.isArray(b)) {
    return isTuple(a) === isTuple(b) && a.length === b.length && a.every((item, i) => pyEq(item, b[i]));
  }
  if (a instanceof PySet && b instanceof PySet) {
    return a.items.length === b.items.length && a.items.every((x) => b.items.some((y) => pyEq(x, y)));
  }
  if (isDict(a) && isDict(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEq(a[k], b[k]));
  }
  const op = operand(a);
  if (op?.pyEq) return op.pyEq(b);
  return a === b;
}

/** Python's ordering (`<`, `<=`, `>`, `>=`): -1, 0 or 1, or a TypeError between unorderable types. */
export function pyCompare(a: unknown, b: unknown, symbol: string): number {
  failIfUndefined(a, b);
  if ((typeof a === "bigint" || typeof b === "bigint") && exactOperands(a, b)) {
    const x = exact(a), y = exact(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (isNum(a) && isNum(b)) {
    const x = numeric(a), y = numeric(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!pyEq(a[i], b[i])) return pyCompare(a[i], b[i], symbol);
    }
    return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
  }
  const result = operand(a)?.pyCompare?.(b);
  if (result !== undefined) return result;
  throw new PyError("TypeError", `'${symbol}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

function unsupported(symbol: string, a: unknown, b: unknown): never {
  throw new PyError("TypeError", `unsupported operand type(s) for ${symbol}: '${typeName(a)}' and '${typeName(b)}'`);
}

function numberResult(value: number, asFloat: boolean): number | PyFloat {
  return asFloat ? makeFloat(value) : value;
}

/** Python's `+`. */
export function pyAdd(a: unknown, b: unknown): unknown {
  failIfUndefined(a, b);
  const exact = exactIntOp("+", a, b);
  if (exact !== undefined) return exact;
  if (isNum(a) && isNum(b)) return numberResult(numeric(a) + numeric(b), isFloat(a) || isFloat(b));
  if (typeof a === "string" && typeof b === "string") {
    checkSize("string", a.length + b.length, "a string joined with +");
    return a + b;
  }
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    checkSize("list", a.length + b.length, "a list joined with +");
    const joined = [...a, ...b];
    return isTuple(a) ? makeTuple(joined) : joined;
  }
  const viaA = operand(a)?.pyAdd?.(b);
  if (viaA !== undefined) return viaA;
  const viaB = operand(b)?.pyRadd?.(a);
  if (viaB !== undefined) return viaB;
  if (typeof a === "string" || typeof b === "string") {
    throw new PyError("TypeError", typeof a === "string"
      ? `can only concatenate str (not "${typeName(b)}") to str`
      : `unsupported operand type(s) for +: '${typeName(a)}' and 'str'`);
  }
  return unsupported("+", a, b);
}

/** Python's `-`. */
export function pySub(a: unknown, b: unknown): unknown {
  failIfUndefined(a, b);
  const exact = exactIntOp("-", a, b);
  if (exact !== undefined) return exact;
  if (isNum(a) && isNum(b)) return numberResult(numeric(a) - numeric(b), isFloat(a) || isFloat(b));
  const viaA = operand(a)?.pySub?.(b);
  if (viaA !== undefined) return viaA;
  const viaB = operand(b)?.pyRsub?.(a);
  if (viaB !== undefined) return viaB;
  return unsupported("-", a, b);
}

/** Python's `*`, including `'ab' * 3` and `[0] * 3`. */
export function pyMul(a: unknown, b: unknown): unknown {
  failIfUndefined(a, b);
  const exact = exactIntOp("*", a, b);
  if (exact !== undefined) return exact;
  if (isNum(a) && isNum(b)) return numberResult(numeric(a) * numeric(b), isFloat(a) || isFloat(b));
  const [seq, times] = typeof b === "string" || Array.isArray(b) ? [b, a] : [a, b];
  if ((typeof seq === "string" || Array.isArray(seq)) && (typeof times === "number" && Number.isInteger(times) || typeof times === "boolean")) {
    const n = Math.max(0, numeric(times));
    checkSize(typeof seq === "string" ? "string" : "list", seq.length * n, `a ${typeof seq === "string" ? "string" : "list"} repeated ${n} times`);
    if (typeof seq === "string") return seq.repeat(n);
    return Array.from({ length: n }, () => seq).flat();
  }
  const via = operand(a)?.pyMul?.(b) ?? operand(b)?.pyMul?.(a);
  if (via !== undefined) return via;
  if (typeof seq === "string" || Array.isArray(seq)) {
    throw new PyError("TypeError", `can't multiply sequence by non-int of type '${typeName(times)}'`);
  }
  return unsupported("*", a, b);
}

function divisor(a: unknown, b: unknown, symbol: string): [number, number] {
  failIfUndefined(a, b);
  if (!isNum(a) || !isNum(b)) unsupported(symbol, a, b);
  const y = numeric(b);
  if (y === 0) {
    const what = symbol === "%" ? "modulo by zero" : symbol === "//" ? "integer division or modulo by zero" : "division by zero";
    throw new PyError("ZeroDivisionError", isFloat(a) || isFloat(b) ? "float division by zero" : what);
  }
  return [numeric(a), y];
}

/** Python's `/` (always a float). */
export function pyDiv(a: unknown, b: unknown): unknown {
  const [x, y] = divisor(a, b, "/");
  return makeFloat(x / y);
}

/** Python's `//` (floor division). */
export function pyFloorDiv(a: unknown, b: unknown): unknown {
  const exact = exactIntOp("//", a, b);
  if (exact !== undefined) return exact;
  const [x, y] = divisor(a, b, "//");
  return numberResult(Math.floor(x / y), isFloat(a) || isFloat(b));
}

/** Python's `%`: modulo with the divisor's sign, or printf-style formatting on a string. */
export function pyMod(a: unknown, b: unknown): unknown {
  if (typeof a === "string") return percentFormat(a, b);
  const exact = exactIntOp("%", a, b);
  if (exact !== undefined) return exact;
  const [x, y] = divisor(a, b, "%");
  return numberResult(((x % y) + y) % y, isFloat(a) || isFloat(b));
}

/** Python's `**`. */
export function pyPow(a: unknown, b: unknown): unknown {
  failIfUndefined(a, b);
  const exact = exactIntOp("**", a, b);
  if (exact !== undefined) return exact;
  if (!isNum(a) || !isNum(b)) unsupported("** or pow()", a, b);
  const x = numeric(a), y = numeric(b);
  if (x === 0 && y < 0) throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  return numberResult(x ** y, isFloat(a) || isFloat(b) || y < 0);
}

/** Python's unary `-`. */
export function pyNeg(a: unknown): unknown {
  failIfUndefined(a);
  if (typeof a === "bigint") return normalize(-a);
  if (isNum(a)) return numberResult(-numeric(a), isFloat(a));
  const via = operand(a)?.pyNeg?.();
  if (via !== undefined) return via;
  throw new PyError("TypeError", `bad operand type for unary -: '${typeName(a)}'`);
}

/** Python's unary `+`. */
export function pyPos(a: unknown): unknown {
  failIfUndefined(a);
  if (isNum(a)) return typeof a === "boolean" ? numeric(a) : a;
  throw new PyError("TypeError", `bad operand type for unary +: '${typeName(a)}'`);
}

/** Python's `needle in haystack`. */
export function pyIn(needle: unknown, haystack: unknown): boolean {
  if (typeof haystack === "string") {
    if (typeof needle !== "string") {
      throw new PyError("TypeError", `'in <string>' requires string as left operand, not ${typeName(needle)}`);
    }
    return haystack.includes(needle);
  }
  if (Array.isArray(haystack)) return haystack.some((item) => pyEq(needle, item));
  if (haystack instanceof PySet) return haystack.items.some((item) => pyEq(needle, item));
  if (isDict(haystack)) return typeof needle === "string" && Object.hasOwn(haystack, needle);
  if (haystack instanceof PyUndefined) return false;
  throw new PyError("TypeError", `argument of type '${typeName(haystack)}' is not iterable`);
}

/** Python's `'%s-%d' % (a, b)` for the common conversions (`s r d i f x`). */
export function percentFormat(format: string, args: unknown): string {
  const values = Array.isArray(args) && isTuple(args) ? [...args] : [args];
  let used = 0;
  const out = format.replace(/%([-+ 0#]*)(\d+)?(?:\.(\d+))?([sridfxX%])/g, (_m, _flags: string, width?: string, precision?: string, conv?: string) => {
    if (conv === "%") return "%";
    if (used >= values.length) throw new PyError("TypeError", "not enough arguments for format string");
    const value = values[used++];
    let text: string;
    if (conv === "s") text = pyStr(value);
    else if (conv === "r") text = pyRepr(value);
    else if (conv === "f") text = numeric(value).toFixed(precision === undefined ? 6 : Number(precision));
    else if (conv === "x" || conv === "X") {
      text = Math.trunc(numeric(value)).toString(16);
      if (conv === "X") text = text.toUpperCase();
    } else {
      if (!isNum(value)) throw new PyError("TypeError", `%${conv} format: a real number is required, not ${typeName(value)}`);
      text = String(Math.trunc(numeric(value)));
    }
    if (width) checkSize("string", Number(width), `a %-format width of ${width}`);
    return width ? text.padStart(Number(width)) : text;
  });
  if (used < values.length) throw new PyError("TypeError", "not all arguments converted during string formatting");
  return out;
}
