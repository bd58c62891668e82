/**
 * Python iteration over a template value (`{% for %}`, filters such as `join`, `list`, `sort`).
 */
import { isDict, PyError, PySet, PyUndefined, typeName } from "./values.js";

/** The items Python's `iter()` yields: list/tuple items, dict keys, string characters; undefined is empty. */
export function iterate(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return Array.from(value);
  if (isDict(value)) return Object.keys(value);
  if (value instanceof PySet) return value.items;
  if (value instanceof PyUndefined) return [];
  throw new PyError("TypeError", `'${typeName(value)}' object is not iterable`);
}
