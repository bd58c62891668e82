/**
 * Python's `json.dumps` (used by Jinja's `tojson` and the kit's `string` filter): `", "` and `": "`
 * separators, ASCII-only output, `1.0` for floats, optional sorted keys.
 */
import { floatRepr } from "./str.js";
import { isDict, PyError, PyFloat, PySet, typeName } from "./values.js";

function quote(text: string, htmlSafe: boolean): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (htmlSafe && "<>&'".includes(ch)) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else if (code < 0x20 || code > 0x7e) {
      if (code > 0xffff) {
        const high = Math.floor((code - 0x10000) / 0x400) + 0xd800;
        const low = ((code - 0x10000) % 0x400) + 0xdc00;
        out += `\\u${high.toString(16)}\\u${low.toString(16)}`;
      } else out += `\\u${code.toString(16).padStart(4, "0")}`;
    } else out += ch;
  }
  return out + '"';
}

function number(value: number, float: boolean): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return float || !Number.isInteger(value) ? floatRepr(value) : value.toFixed(0);
}

/** Options of {@link pyJsonDumps}. */
interface JsonDumpOptions {
  /** Sort dict keys (Jinja's `tojson` does). Default false. */
  sortKeys?: boolean;
  /** Escape `< > & '` as `\u003c`... (Jinja's `tojson`). Default false. */
  htmlSafe?: boolean;
}

/** `json.dumps(value)` with Python's formatting; a non-JSON value raises TypeError as Python does. */
export function pyJsonDumps(value: unknown, options: JsonDumpOptions = {}): string {
  const htmlSafe = options.htmlSafe ?? false;
  const dump = (v: unknown): string => {
    if (v === null || v === undefined) return "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") return number(v, false);
    if (typeof v === "bigint") return v.toString();
    if (v instanceof PyFloat) return number(v.value, true);
    if (typeof v === "string") return quote(v, htmlSafe);
    if (Array.isArray(v)) return `[${v.map(dump).join(", ")}]`;
    if (isDict(v)) {
      const keys = Object.keys(v);
      if (options.sortKeys) keys.sort();
      return `{${keys.map((k) => `${quote(k, htmlSafe)}: ${dump(v[k])}`).join(", ")}}`;
    }
    const kind = v instanceof PySet ? "set" : typeName(v);
    throw new PyError("TypeError", `Object of type ${kind} is not JSON serializable`);
  };
  return dump(value);
}
