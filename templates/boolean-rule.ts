/**
 * The kit's rule for conditions (`stop_condition`, record filters): a result is false when it equals one
 * of `"False", "false", "{}", "[]", "()", "", "0", "0.0", {}, False, [], (), set()` by Python's `==`.
 * So `0`, `0.0` and `False` are false, while `None` (a rendered `"None"`), `"null"`, `"no"` are true.
 */
import { isDict, isNumber, numeric, PySet } from "../python/values.js";

const FALSE_STRINGS = new Set(["False", "false", "{}", "[]", "()", "", "0", "0.0"]);

/** True when the literal-evaluated result of a condition counts as false. */
export function isFalseValue(value: unknown): boolean {
  if (typeof value === "string") return FALSE_STRINGS.has(value);
  if (value === false) return true;
  if (isNumber(value)) return numeric(value) === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof PySet) return value.items.length === 0;
  if (isDict(value)) return Object.keys(value).length === 0;
  return false;
}
