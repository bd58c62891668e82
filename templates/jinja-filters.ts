/**
 * Jinja's built-in filters that manifests use (`default`, `join`, `int`, `float`, `length`, `first`, `last`,
 * `lower`, `upper`, `replace`, `tojson`, `urlencode`, `trim`...), with Python semantics.
 * Filters Sluice does not provide (`batch`, `groupby`, `indent`, `wordwrap`, `xmlattr`...) are a
 * compile-time error, as an unknown filter is in Jinja.
 */
import type { FilterImpl } from "./compile-template.js";
import { getItem, missing } from "./py-access.js";
import { checkSize } from "../python/resource-limits.js";
import { methodOf } from "../python/methods.js";
import { pyFloat, pyInt } from "../python/convert.js";
import { iterate } from "../python/iterate.js";
import { pyJsonDumps } from "../python/json.js";
import { formatString } from "../python/methods.js";
import { percentFormat, pyAdd, pyCompare, pyEq } from "../python/ops.js";
import { pyStr } from "../python/str.js";
import { BoundMethod, isDict, makeFloat, makeTuple, numeric, PyError, PyFloat, PyUndefined, truthy, typeName } from "../python/values.js";

const ALWAYS_SAFE = /[A-Za-z0-9_.\-~]/;

/** `urllib.parse.quote` of the UTF-8 bytes of a text, keeping `safe` characters. */
export function urlQuote(text: string, safe: string): string {
  let out = "";
  for (const ch of text) {
    if (ALWAYS_SAFE.test(ch) || safe.includes(ch)) out += ch;
    else for (const byte of Buffer.from(ch, "utf8")) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function opt(args: unknown[], kwargs: Record<string, unknown>, index: number, name: string, fallback: unknown): unknown {
  if (index < args.length) return args[index];
  return Object.hasOwn(kwargs, name) ? kwargs[name] : fallback;
}

function attrGetter(attribute: unknown): (item: unknown) => unknown {
  if (attribute === null || attribute === undefined) return (item) => item;
  const parts = String(attribute).split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return (item) => parts.reduce((v, p) => getItem(v, p), item);
}

function sortKey(caseSensitive: boolean): (v: unknown) => unknown {
  return (v) => (!caseSensitive && typeof v === "string" ? v.toLowerCase() : v);
}

function sorted(items: unknown[], key: (v: unknown) => unknown, reverse: boolean): unknown[] {
  const out = [...items].sort((a, b) => pyCompare(key(a), key(b), "<"));
  return reverse ? out.reverse() : out;
}

function aggregate(value: unknown, args: unknown[], kwargs: Record<string, unknown>, sign: 1 | -1): unknown {
  const items = iterate(value);
  if (!items.length) return new PyUndefined("No aggregated item, sequence was empty.");
  const get = attrGetter(opt(args, kwargs, 1, "attribute", null));
  const key = sortKey(truthy(opt(args, kwargs, 0, "case_sensitive", false)));
  return items.reduce((best, item) => (pyCompare(key(get(item)), key(get(best)), "<") * sign > 0 ? item : best));
}

function pyRound(value: number, precision: number, method: string): number | PyFloat {
  const factor = 10 ** precision;
  const scaled = value * factor;
  let rounded: number;
  if (method === "ceil") rounded = Math.ceil(scaled);
  else if (method === "floor") rounded = Math.floor(scaled);
  else if (method === "common") {
    const floor = Math.floor(scaled);
    const diff = scaled - floor;
    rounded = diff > 0.5 ? floor + 1 : diff < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  } else throw new PyError("FilterArgumentError", "method must be common, ceil or floor");
  return makeFloat(rounded / factor);
}

function selectBy(tests: () => Record<string, (v: unknown, a: unknown[]) => boolean>, keep: boolean, byAttr: boolean): FilterImpl {
  return (value, args) => {
    const [first, ...rest] = args;
    const get = byAttr ? attrGetter(first) : (v: unknown) => v;
    const testArgs = byAttr ? rest : args;
    let predicate: (v: unknown) => boolean = truthy;
    if (testArgs.length) {
      const name = String(testArgs[0]);
      const test = tests()[name];
      if (!test) throw new PyError("TemplateRuntimeError", `No test named '${name}'.`);
      predicate = (v) => test(v, testArgs.slice(1));
    }
    return iterate(value).filter((item) => predicate(get(item)) === keep);
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&#34;").replace(/'/g, "&#39;");
}

function truncate(value: unknown, args: unknown[], kwargs: Record<string, unknown>): string {
  const s = pyStr(value);
  const length = numeric(opt(args, kwargs, 0, "length", 255));
  const killwords = truthy(opt(args, kwargs, 1, "killwords", false));
  const end = pyStr(opt(args, kwargs, 2, "end", "..."));
  const leeway = numeric(opt(args, kwargs, 3, "leeway", 5));
  if (s.length <= length + leeway) return s;
  if (killwords) return s.slice(0, length - end.length) + end;
  const cut = s.slice(0, length - end.length);
  const i = cut.lastIndexOf(" ");
  return (i >= 0 ? cut.slice(0, i) : cut) + end;
}

const defaultFilter: FilterImpl = (v, a, k) => {
  const fallback = opt(a, k, 0, "default_value", "");
  const boolean = truthy(opt(a, k, 1, "boolean", false));
  return v instanceof PyUndefined || (boolean && !truthy(v)) ? fallback : v;
};
const length: FilterImpl = (v) => {
  if (v instanceof PyUndefined) return 0;
  if (typeof v === "string" || Array.isArray(v)) return Array.from(v as string).length;
  if (isDict(v)) return Object.keys(v).length;
  throw new PyError("TypeError", `object of type '${typeName(v)}' has no len()`);
};
const escape: FilterImpl = (v) => escapeHtml(pyStr(v));
/** The filters that need nothing but their arguments. */
const BASIC_FILTERS: Record<string, FilterImpl> = {
  abs: (v) => (typeof v === "number" ? Math.abs(v) : v instanceof PyFloat ? new PyFloat(Math.abs(v.value)) : numeric(v)),
  capitalize: (v) => { const s = pyStr(v); return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase(); },
  center: (v, a, k) => {
    const s = pyStr(v); const w = numeric(opt(a, k, 0, "width", 80));
    checkSize("string", w, `center(${w})`);
    const gap = Math.max(0, w - s.length); const left = Math.floor(gap / 2) + (gap % 2 && w % 2 ? 1 : 0);
    return " ".repeat(left) + s + " ".repeat(gap - left);
  },
  count: length, length,
  d: defaultFilter, default: defaultFilter,
  dictsort: (v, a, k) => {
    if (!isDict(v)) throw new PyError("FilterArgumentError", "You can only sort by either \"key\" or \"value\"");
    const by = opt(a, k, 1, "by", "key") === "value" ? 1 : 0;
    const key = sortKey(truthy(opt(a, k, 0, "case_sensitive", false)));
    return sorted(Object.entries(v).map(([x, y]) => makeTuple([x, y])), (p) => key((p as unknown[])[by]), truthy(opt(a, k, 2, "reverse", false)));
  },
  e: escape, escape, forceescape: escape,
  first: (v) => { const items = iterate(v); return items.length ? items[0] : new PyUndefined("No first item, sequence was empty."); },
  last: (v) => {
    if (v instanceof PyUndefined) v.fail();
    const items = iterate(v); return items.length ? items[items.length - 1] : new PyUndefined("No last item, sequence was empty.");
  },
  float: (v, a, k) => {
    try { return makeFloat(pyFloat(v)); } catch (error) {
      if (error instanceof PyError && (error.kind === "ValueError" || error.kind === "TypeError")) return opt(a, k, 0, "default", new PyFloat(0));
      throw error;
    }
  },
  format: (v, a, k) => (Object.keys(k).length ? formatString(pyStr(v), [], k) : percentFormat(pyStr(v), makeTuple(a))),
  int: (v, a, k) => {
    const fallback = opt(a, k, 0, "default", 0);
    const base = numeric(opt(a, k, 1, "base", 10));
    try { return typeof v === "string" ? pyInt(v, base) : pyInt(v); } catch (error) {
      if (!(error instanceof PyError) || (error.kind !== "ValueError" && error.kind !== "TypeError")) throw error;
      try { return pyInt(pyFloat(v)); } catch (inner) {
        if (inner instanceof PyError && ["ValueError", "TypeError", "OverflowError"].includes(inner.kind)) return fallback;
        throw inner;
      }
    }
  },
  items: (v) => (v instanceof PyUndefined ? [] : isDict(v) ? Object.entries(v).map(([x, y]) => makeTuple([x, y])) : (() => { throw new PyError("TypeError", "Can only get item pairs from a mapping."); })()),
  join: (v, a, k) => {
    const get = attrGetter(opt(a, k, 1, "attribute", null));
    return iterate(v).map((item) => pyStr(get(item))).join(pyStr(opt(a, k, 0, "d", "")));
  },
  list: (v) => [...iterate(v)],
  lower: (v) => pyStr(v).toLowerCase(),
  upper: (v) => pyStr(v).toUpperCase(),
  title: (v) => pyStr(v).replace(/[\w']+/g, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()),
  max: (v, a, k) => aggregate(v, a, k, 1),
  min: (v, a, k) => aggregate(v, a, k, -1),
  replace: (v, a) => {
    const [old, repl, count] = [pyStr(a[0]), pyStr(a[1]), a[2] === undefined || a[2] === null ? -1 : numeric(a[2])];
    const parts = pyStr(v).split(old);
    if (count < 0 || parts.length - 1 <= count) return parts.join(repl);
    return parts.slice(0, count + 1).join(repl) + old + parts.slice(count + 1).join(old);
  },
  reverse: (v) => (typeof v === "string" ? Array.from(v).reverse().join("") : [...iterate(v)].reverse()),
  round: (v, a, k) => pyRound(numeric(v), numeric(opt(a, k, 0, "precision", 0)), String(opt(a, k, 1, "method", "common"))),
  safe: (v) => v,
  sort: (v, a, k) => {
    const get = attrGetter(opt(a, k, 2, "attribute", null));
    const key = sortKey(truthy(opt(a, k, 1, "case_sensitive", false)));
    return sorted(iterate(v), (x) => key(get(x)), truthy(opt(a, k, 0, "reverse", false)));
  },
  sum: (v, a, k) => {
    const get = attrGetter(opt(a, k, 0, "attribute", null));
    return iterate(v).reduce((acc: unknown, item) => pyAdd(acc, get(item)), opt(a, k, 1, "start", 0));
  },
  tojson: (v) => pyJsonDumps(v, { sortKeys: true, htmlSafe: true }),
  trim: (v, a) => {
    const s = pyStr(v);
    if (a[0] === undefined || a[0] === null) return s.trim();
    const chars = pyStr(a[0]);
    let start = 0, end = s.length;
    while (start < end && chars.includes(s[start])) start++;
    while (end > start && chars.includes(s[end - 1])) end--;
    return s.slice(start, end);
  },
  truncate,
  unique: (v, a, k) => {
    const key = sortKey(truthy(opt(a, k, 0, "case_sensitive", false)));
    const seen: unknown[] = [];
    return iterate(v).filter((item) => {
      const id = key(item);
      if (seen.some((s) => pyEq(s, id))) return false;
      seen.push(id);
      return true;
    });
  },
  urlencode: (v) => {
    if (typeof v === "string") return urlQuote(v, "/");
    const pairs = isDict(v) ? Object.entries(v) : iterate(v).map((p) => iterate(p));
    if (!isDict(v) && !Array.isArray(v)) return urlQuote(pyStr(v), "/");
    return pairs.map(([x, y]) => `${urlQuote(pyStr(x), "").replace(/%20/g, "+")}=${urlQuote(pyStr(y), "").replace(/%20/g, "+")}`).join("&");
  },
  wordcount: (v) => (pyStr(v).match(/\w+/gu) ?? []).length,
  attr: (v, a) => {
    const name = pyStr(a[0]);
    const method = methodOf(v, name);
    return method ? new BoundMethod(v, name, method) : missing(v, name);
  },
};

/**
 * The built-in filters, by name. `tests` gives `select`/`reject` access to the test table and
 * `callFilter` lets `map('int')` apply another filter.
 */
export function jinjaFilters(tests: () => Record<string, (v: unknown, a: unknown[]) => boolean>, callFilter: (name: string, value: unknown, args: unknown[]) => unknown): Record<string, FilterImpl> {
  const map: FilterImpl = (v, a, k) => {
    if (Object.hasOwn(k, "attribute") || !a.length) {
      const get = attrGetter(k.attribute);
      const fallback = k.default;
      return iterate(v).map((item) => { const r = get(item); return r instanceof PyUndefined && fallback !== undefined ? fallback : r; });
    }
    const [name, ...rest] = a;
    return iterate(v).map((item) => callFilter(String(name), item, rest));
  };
  return {
    ...BASIC_FILTERS, map,
    select: selectBy(tests, true, false), reject: selectBy(tests, false, false),
    selectattr: selectBy(tests, true, true), rejectattr: selectBy(tests, false, true),
  };
}
