/**
 * The Python methods templates may call on data: `dict.get/items/keys/values`, the `str` methods
 * (`startswith`, `split`, `strip`, `replace`, `format`...) and `list.index/count/copy/append/extend`.
 * Only the methods listed here exist; nothing else of a JavaScript object is reachable.
 */
import { checkSize } from "./resource-limits.js";
import { pyEq } from "./ops.js";
import { pyRepr, pyStr } from "./str.js";
import { formatValue } from "./format.js";
import { iterate } from "./iterate.js";
import { isDict, makeTuple, makeView, numeric, PyError, typeName } from "./values.js";

type Impl = (self: never, args: unknown[], kwargs: Record<string, unknown>) => unknown;
type Table = Record<string, Impl>;

function arg(args: unknown[], kwargs: Record<string, unknown>, index: number, name: string, fallback: unknown): unknown {
  if (index < args.length) return args[index];
  return Object.hasOwn(kwargs, name) ? kwargs[name] : fallback;
}

function str(value: unknown, method: string): string {
  if (typeof value !== "string") throw new PyError("TypeError", `${method}() argument must be str, not ${typeName(value)}`);
  return value;
}

const WHITESPACE = " \t\n\r\x0b\x0c";

function stripChars(text: string, chars: unknown, left: boolean, right: boolean): string {
  const set = chars === null || chars === undefined ? WHITESPACE : str(chars, "strip");
  let start = 0, end = text.length;
  while (left && start < end && set.includes(text[start])) start++;
  while (right && end > start && set.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

function split(text: string, sep: unknown, maxsplit: number): string[] {
  if (sep === null || sep === undefined) {
    const parts: string[] = [];
    let rest = text.replace(/^\s+/, "");
    while (rest.length) {
      if (maxsplit >= 0 && parts.length === maxsplit) { parts.push(rest.replace(/\s+$/, "")); break; }
      const m = /\s+/.exec(rest);
      if (!m) { parts.push(rest); break; }
      parts.push(rest.slice(0, m.index));
      rest = rest.slice(m.index + m[0].length);
    }
    return parts;
  }
  const separator = str(sep, "split");
  if (separator === "") throw new PyError("ValueError", "empty separator");
  const all = text.split(separator);
  if (maxsplit < 0 || all.length <= maxsplit + 1) return all;
  return [...all.slice(0, maxsplit), all.slice(maxsplit).join(separator)];
}

function affix(self: string, value: unknown, test: (s: string, x: string) => boolean): boolean {
  if (Array.isArray(value)) return value.some((x) => test(self, str(x, "startswith")));
  return test(self, str(value, "startswith"));
}

function find(self: string, args: unknown[]): number {
  return self.indexOf(str(args[0], "find"), args[1] === undefined ? 0 : numeric(args[1]));
}

const STRING_METHODS: Table = {
  startswith: (s: string, a) => affix(s, a[0], (x, p) => x.startsWith(p)),
  endswith: (s: string, a) => affix(s, a[0], (x, p) => x.endsWith(p)),
  split: (s: string, a, k) => split(s, arg(a, k, 0, "sep", null), numeric(arg(a, k, 1, "maxsplit", -1))),
  strip: (s: string, a) => stripChars(s, a[0], true, true),
  lstrip: (s: string, a) => stripChars(s, a[0], true, false),
  rstrip: (s: string, a) => stripChars(s, a[0], false, true),
  lower: (s: string) => s.toLowerCase(),
  upper: (s: string) => s.toUpperCase(),
  title: (s: string) => s.toLowerCase().replace(/(^|[^A-Za-z])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase()),
  capitalize: (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(),
  replace: (s: string, a) => {
    const [old, repl] = [str(a[0], "replace"), str(a[1], "replace")];
    const count = a[2] === undefined ? -1 : numeric(a[2]);
    const parts = s.split(old);
    if (count < 0 || parts.length - 1 <= count) return parts.join(repl);
    return parts.slice(0, count + 1).join(repl) + old + parts.slice(count + 1).join(old);
  },
  format: (s: string, a, k) => formatString(s, a, k),
  join: (s: string, a) => {
    return iterate(a[0]).map((x, i) => {
      if (typeof x !== "string") throw new PyError("TypeError", `sequence item ${i}: expected str instance, ${typeName(x)} found`);
      return x;
    }).join(s);
  },
  find: (s: string, a) => find(s, a),
  rfind: (s: string, a) => s.lastIndexOf(str(a[0], "rfind")),
  index: (s: string, a) => {
    const i = find(s, a);
    if (i < 0) throw new PyError("ValueError", "substring not found");
    return i;
  },
  count: (s: string, a) => (str(a[0], "count") === "" ? s.length + 1 : s.split(a[0] as string).length - 1),
  isdigit: (s: string) => /^[0-9]+$/.test(s),
  isnumeric: (s: string) => /^\p{N}+$/u.test(s),
  isdecimal: (s: string) => /^\p{Nd}+$/u.test(s),
  isalpha: (s: string) => /^\p{L}+$/u.test(s),
  isalnum: (s: string) => /^[\p{L}\p{N}]+$/u.test(s),
  isspace: (s: string) => /^\s+$/.test(s),
  islower: (s: string) => /[a-z]/.test(s) && s === s.toLowerCase(),
  isupper: (s: string) => /[A-Z]/.test(s) && s === s.toUpperCase(),
  zfill: (s: string, a) => {
    const width = numeric(a[0]);
    checkSize("string", width, `zfill(${width})`);
    const sign = s[0] === "-" || s[0] === "+" ? s[0] : "";
    return sign + s.slice(sign.length).padStart(width - sign.length, "0");
  },
  removeprefix: (s: string, a) => (s.startsWith(str(a[0], "removeprefix")) ? s.slice((a[0] as string).length) : s),
  removesuffix: (s: string, a) => (a[0] !== "" && s.endsWith(str(a[0], "removesuffix")) ? s.slice(0, -(a[0] as string).length) : s),
  splitlines: (s: string) => s.split(/\r\n|\r|\n/).filter((line, i, all) => i < all.length - 1 || line !== ""),
  swapcase: (s: string) => Array.from(s, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(""),
  casefold: (s: string) => s.toLowerCase(),
  partition: (s: string, a) => {
    const sep = str(a[0], "partition");
    const i = s.indexOf(sep);
    return makeTuple(i < 0 ? [s, "", ""] : [s.slice(0, i), sep, s.slice(i + sep.length)]);
  },
};

const DICT_METHODS: Table = {
  get: (d: Record<string, unknown>, a) => {
    const key = a[0];
    if (typeof key === "string" && Object.hasOwn(d, key)) return d[key] === undefined ? null : d[key];
    return a.length > 1 ? a[1] : null;
  },
  items: (d: Record<string, unknown>) => makeView(Object.entries(d).map(([k, v]) => makeTuple([k, v === undefined ? null : v])), "dict_items"),
  keys: (d: Record<string, unknown>) => makeView(Object.keys(d), "dict_keys"),
  values: (d: Record<string, unknown>) => makeView(Object.values(d).map((v) => (v === undefined ? null : v)), "dict_values"),
  copy: (d: Record<string, unknown>) => ({ ...d }),
};

const LIST_METHODS: Table = {
  index: (l: unknown[], a) => {
    const i = l.findIndex((x) => pyEq(x, a[0]));
    if (i < 0) throw new PyError("ValueError", `${pyRepr(a[0])} is not in list`);
    return i;
  },
  count: (l: unknown[], a) => l.filter((x) => pyEq(x, a[0])).length,
  copy: (l: unknown[]) => [...l],
  // The kit's Jinja is a SandboxedEnvironment, not the immutable one: `{% set _ = slices.append(x) %}` builds a list.
  append: (l: unknown[], a) => {
    l.push(a[0]);
    return null;
  },
  extend: (l: unknown[], a) => {
    l.push(...(Array.isArray(a[0]) ? a[0] : []));
    return null;
  },
};

/** The implementation of `obj.name(...)` if `obj` has such a Python method. */
export function methodOf(obj: unknown, name: string): Impl | undefined {
  const table = typeof obj === "string" ? STRING_METHODS : isDict(obj) ? DICT_METHODS : Array.isArray(obj) ? LIST_METHODS : undefined;
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Python's `str.format`: `{}`, `{0}`, `{name}`, `{name[key]}`, conversions `!r`/`!s` and format specs. */
export function formatString(format: string, args: unknown[], kwargs: Record<string, unknown>): string {
  let auto = 0;
  return format.replace(/\{\{|\}\}|\{([^{}!:]*)(?:!([rsa]))?(?::([^{}]*))?\}/g, (match, field: string | undefined, conv?: string, spec?: string) => {
    if (match === "{{") return "{";
    if (match === "}}") return "}";
    const [head, ...rest] = (field ?? "").split(/(?=[.[])/);
    let value: unknown;
    if (head === "") value = args[auto++];
    else if (/^\d+$/.test(head)) value = args[Number(head)];
    else if (Object.hasOwn(kwargs, head)) value = kwargs[head];
    else throw new PyError("KeyError", `'${head}'`);
    if (value === undefined && (head === "" || /^\d+$/.test(head))) {
      throw new PyError("IndexError", "Replacement index out of range for positional args tuple");
    }
    for (const part of rest) {
      const key = part.startsWith(".") ? part.slice(1) : part.slice(1, -1);
      value = isDict(value) && Object.hasOwn(value, key) ? value[key] : Array.isArray(value) ? value[Number(key)] : undefined;
      if (value === undefined) throw new PyError("KeyError", `'${key}'`);
    }
    const converted = conv === "r" || conv === "a" ? pyRepr(value) : conv === "s" ? pyStr(value) : value;
    return formatValue(converted, spec ?? "");
  });
}
