/**
 * Python's `str()` and `repr()`, which decide how every value renders in a template:
 * `None`, `True`, `['a', 'b']`, `{'k': 'v'}`, `2.0`, `1e+20`.
 */
import { BoundMethod, isDict, isTuple, PyFloat, PyFunction, PySet, PyUndefined, viewKind } from "./values.js";

/** A value with its own Python rendering (datetimes, durations). */
interface PyObject {
  readonly pyType: string;
  pyStr(): string;
  pyRepr(): string;
}

/** True when the value renders itself ({@link PyObject}). */
export function isPyObject(value: unknown): value is PyObject {
  return typeof value === "object" && value !== null && typeof (value as PyObject).pyStr === "function";
}

/** Python's `repr(float)`: shortest round-trip digits, exponent below 1e-4 and from 1e16. */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, expText] = value.toExponential().split("e");
  const exp = Number(expText);
  if (exp < -4 || exp >= 16) {
    const sign = exp < 0 ? "-" : "+";
    const digits = String(Math.abs(exp)).padStart(2, "0");
    return `${mantissa}e${sign}${digits}`;
  }
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  let text: string;
  if (exp >= 0) {
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
    const frac = digits.slice(exp + 1);
    text = `${intPart}.${frac || "0"}`;
  } else {
    text = `0.${"0".repeat(-exp - 1)}${digits}`;
  }
  return negative ? `-${text}` : text;
}

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/u;

function escapeChar(ch: string, quote: string): string {
  switch (ch) {
    case "\\": return "\\\\";
    case "\n": return "\\n";
    case "\r": return "\\r";
    case "\t": return "\\t";
    case quote: return `\\${quote}`;
  }
  if (!NON_PRINTABLE.test(ch)) return ch;
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/** Python's `repr(str)`: single quotes unless the text holds `'` and no `"`. */
export function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) out += escapeChar(ch, quote);
  return out + quote;
}

/** Python's `str()` of a template value (what `{{ x }}` prints). */
export function pyStr(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof PyUndefined) return "";
  if (isPyObject(value)) return value.pyStr();
  return pyRepr(value);
}

/** Python's `repr()` of a template value (how items print inside a list or dict). */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "string") return stringRepr(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return Number.isInteger(value) ? intRepr(value) : floatRepr(value);
  if (typeof value === "bigint") return value.toString();
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (value instanceof PyUndefined) return "Undefined";
  if (Array.isArray(value)) {
    const items = value.map(pyRepr);
    if (isTuple(value)) return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
    const view = viewKind(value);
    return view ? `${view}([${items.join(", ")}])` : `[${items.join(", ")}]`;
  }
  if (value instanceof PySet) return value.items.length ? `{${value.items.map(pyRepr).join(", ")}}` : "set()";
  if (isDict(value)) {
    return `{${Object.entries(value).map(([k, v]) => `${stringRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
  }
  if (isPyObject(value)) return value.pyRepr();
  if (value instanceof BoundMethod) return `<built-in method ${value.name}>`;
  if (value instanceof PyFunction) return `<function ${value.name}>`;
  return "<object>";
}

function intRepr(value: number): string {
  if (Math.abs(value) < 1e21) return value.toFixed(0);
  return BigInt(value).toString();
}
