/**
 * Python's `str()` of a template result, the way the kit turns an evaluated start or end datetime
 * into text before parsing it: `None` and booleans as Python writes them, floats with `.0`.
 *
 * @example
 * pyStr(null);        // "None"
 * pyStr(1704067200);  // "1704067200"
 */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Python's `str(float)`: an integral value keeps `.0`.
 *
 * @example
 * pyFloatText(1704067200); // "1704067200.0"
 */
export function pyFloatText(number: number): string {
  return Number.isInteger(number) && Math.abs(number) < 1e16 ? `${number}.0` : String(number);
}
