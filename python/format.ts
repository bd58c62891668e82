/**
 * Python's format-spec mini-language (`'{:>5}'.format(x)`, `'{:.2f}'`, `'{:03d}'`), used by `str.format`.
 */
import { checkSize } from "./resource-limits.js";
import { floatRepr, pyStr } from "./str.js";
import { isFloat, isNumber, numeric, PyError, typeName } from "./values.js";

const SPEC = /^(?:(.)?([<>=^]))?([-+ ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/s;

function group(intPart: string, sep: string | undefined): string {
  if (!sep) return intPart;
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function formatNumber(value: number, type: string | undefined, precision: number | undefined, float: boolean): string {
  switch (type) {
    case "d": case "n": return Math.trunc(value).toFixed(0);
    case "x": return Math.trunc(value).toString(16);
    case "X": return Math.trunc(value).toString(16).toUpperCase();
    case "o": return Math.trunc(value).toString(8);
    case "b": return Math.trunc(value).toString(2);
    case "f": case "F": return value.toFixed(precision ?? 6);
    case "%": return `${(value * 100).toFixed(precision ?? 6)}%`;
    case "e": case "E": {
      const text = value.toExponential(precision ?? 6).replace(/e([+-])(\d)$/, "e$10$2");
      return type === "E" ? text.toUpperCase() : text;
    }
    case "g": case "G": {
      const text = value.toPrecision(precision || 6).replace(/(\.\d*?)0+(e|$)/, "$1$2").replace(/\.(e|$)/, "$1");
      return type === "G" ? text.toUpperCase() : text;
    }
    default:
      if (precision !== undefined) return Number(value.toPrecision(precision)).toString();
      return float ? floatRepr(value) : value.toFixed(0);
  }
}

function pad(text: string, fill: string, align: string, width: number): string {
  if (text.length >= width) return text;
  checkSize("string", width, `a format width of ${width}`);
  const gap = width - text.length;
  if (align === "<") return text + fill.repeat(gap);
  if (align === ">") return fill.repeat(gap) + text;
  if (align === "^") return fill.repeat(Math.floor(gap / 2)) + text + fill.repeat(Math.ceil(gap / 2));
  const sign = /^[-+ ]/.test(text) ? text[0] : "";
  return sign + fill.repeat(gap) + text.slice(sign.length);
}

/** `format(value, spec)` as Python does it for strings, ints, floats and bools. */
export function formatValue(value: unknown, spec: string): string {
  const own = (value as { pyFormat?: (spec: string) => string } | null)?.pyFormat;
  if (typeof own === "function") return own.call(value, spec);
  if (spec === "") return pyStr(value);
  const m = SPEC.exec(spec);
  if (!m) throw new PyError("ValueError", "Invalid format specifier");
  const [, fillChar, alignChar, sign, , zero, widthText, grouping, precisionText, type] = m;
  const width = widthText ? Number(widthText) : 0;
  const precision = precisionText === undefined ? undefined : Number(precisionText);
  const numberLike = isNumber(value) || typeof value === "boolean";
  let text: string;
  if (numberLike && type !== "s") {
    const n = numeric(value);
    text = formatNumber(Math.abs(n), type, precision, isFloat(value));
    const [intPart, rest] = text.split(/(?=[.e%])/, 2) as [string, string | undefined];
    text = group(intPart, grouping) + (rest !== undefined ? text.slice(intPart.length) : "");
    const signText = n < 0 || Object.is(n, -0) ? "-" : sign === "+" ? "+" : sign === " " ? " " : "";
    text = signText + text;
  } else {
    if (type && type !== "s") throw new PyError("ValueError", `Unknown format code '${type}' for object of type '${typeName(value)}'`);
    text = pyStr(value);
    if (precision !== undefined) text = text.slice(0, precision);
  }
  const defaultAlign = numberLike && type !== "s" ? ">" : "<";
  const fill = fillChar ?? (zero && !alignChar ? "0" : " ");
  const align = alignChar ?? (zero && numberLike ? "=" : defaultAlign);
  return pad(text, fill, align, width);
}
