import { PyError } from "./values.js";

/**
 * What one template evaluation may build: `'x' * 1e8` made a 100 MB string and larger ones failed with
 * a bare `Invalid string length`. A string longer than `stringChars` or a list longer than `listItems`
 * raises `ResourceLimitError` (a template reports it as `TEMPLATE_LIMIT`, naming the template and its
 * manifest path); a regular expression the linear-time engine cannot run gets `regexMs` per call.
 */
export const TEMPLATE_LIMITS = {
  /** 16 Mi characters: far beyond any URL, header, body or record field a template builds. */
  stringChars: 16 * 2 ** 20,
  /** 1,000,000 items. */
  listItems: 1_000_000,
  /** 1 s for one call of `regex_search`/`regex_replace` with a pattern only the backtracking engine runs. */
  regexMs: 1_000,
};

/**
 * Refuses a string or list of `length` before it is built (`what` says how: `'x' * 100000000`).
 *
 * @example
 * checkSize("string", seq.length * n, `a string repeated ${n} times`);
 */
export function checkSize(kind: "string" | "list", length: number, what: string): void {
  const max = kind === "string" ? TEMPLATE_LIMITS.stringChars : TEMPLATE_LIMITS.listItems;
  if (length > max) throw new PyError("ResourceLimitError", `${what} would hold ${length} ${kind === "string" ? "characters" : "items"}, more than the ${max} a template may build`);
}

/**
 * The value, when it is within the size limits; strings and lists past them raise `ResourceLimitError`.
 *
 * @example
 * const result = bounded(filter(value, args)); // a filter that built a 20 Mi-character string throws
 */
export function bounded<T>(value: T): T {
  if (typeof value === "string") {
    if (value.length > TEMPLATE_LIMITS.stringChars) checkSize("string", value.length, "a value");
  } else if (Array.isArray(value) && value.length > TEMPLATE_LIMITS.listItems) checkSize("list", value.length, "a value");
  return value;
}
