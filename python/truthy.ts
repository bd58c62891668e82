/**
 * Python's truthiness, which decides when the Python kit's paginators stop: `None`, `False`, `0`,
 * `""`, `[]` and `{}` are false; everything else is true. (A cursor template that renders "0" has
 * already become the number 0 through the literal step, so it stops, as in the kit.)
 *
 * @example
 * isTruthy(0)        // false: a cursor that renders "0" ends pagination, as in the kit
 * isTruthy("abc")    // true
 */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map || value instanceof Set) return value.size > 0;
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.keys(value).length > 0;
  return true;
}

/** True for a Python `int` (bools included, as `isinstance(True, int)` holds in Python). */
export function isPythonInt(value: unknown): value is number | boolean {
  return (typeof value === "number" && Number.isInteger(value)) || typeof value === "boolean";
}
