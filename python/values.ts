/**
 * How Python values live in JavaScript while a template runs.
 *
 * JSON data maps naturally (dict = plain object, list = array, None = null). What JavaScript lacks is
 * represented by small classes: Jinja's `Undefined`, a float whose value is integral (`2.0` must render
 * as `2.0`, not `2`), and tuples (arrays carrying a marker).
 */

/**
 * The Python exception kinds a template can raise; names match Python's so the golden cases compare 1:1.
 * `UndefinedError` is Jinja's (using an undefined value), `SecurityError` the sandbox's.
 */
export type PyErrorKind =
  | "UndefinedError" | "SecurityError" | "TypeError" | "ValueError" | "ZeroDivisionError"
  | "AttributeError" | "KeyError" | "IndexError" | "OverflowError" | "FilterArgumentError" | "TemplateRuntimeError"
  // Sluice's own: a template passed a size or time limit (python/resource-limits.ts); never caught as a Python error.
  | "ResourceLimitError";

/** A Python exception raised while a template runs; turned into a TemplateError at the service boundary. */
export class PyError extends Error {
  constructor(readonly kind: PyErrorKind, message: string) {
    super(message);
    this.name = kind;
  }
}

/** Jinja's `Undefined`: renders as `""`, is falsy, and raises when used further (attribute, arithmetic, call). */
export class PyUndefined {
  /**
   * @param hint what was missing, for the error message (`'dict object' has no attribute 'x'`)
   * @param kind the error raised when used: `UndefinedError`, or `SecurityError` for a blocked attribute
   */
  constructor(readonly hint: string, readonly kind: "UndefinedError" | "SecurityError" = "UndefinedError") {}

  /** Raises the error this undefined value stands for. */
  fail(): never {
    throw new PyError(this.kind, this.hint);
  }
}

/** A Python float whose value is integral (`2.0`, `1646006400.0`); other floats are plain numbers. */
export class PyFloat {
  constructor(readonly value: number) {}
}

const TUPLE = Symbol("sluice.tuple");

/** Marks an array as a Python tuple (renders `(1, 2)`). */
export function makeTuple<T>(items: T[]): T[] {
  Object.defineProperty(items, TUPLE, { value: true });
  return items;
}

/** True when the array is a Python tuple. */
export function isTuple(value: unknown): boolean {
  return Array.isArray(value) && (value as unknown as Record<symbol, unknown>)[TUPLE] === true;
}

const VIEW = Symbol("sluice.view");

/**
 * Marks an array as a dict view, as `.items()`, `.keys()` and `.values()` return: it iterates as a
 * list and prints as Python prints the view.
 *
 * @example
 * pyRepr(makeView(["a", "b"], "dict_keys")); // "dict_keys(['a', 'b'])"
 */
export function makeView<T>(items: T[], kind: "dict_items" | "dict_keys" | "dict_values"): T[] {
  Object.defineProperty(items, VIEW, { value: kind });
  return items;
}

/** The view kind of an array made by {@link makeView}, if it is one. */
export function viewKind(value: unknown): string | undefined {
  return Array.isArray(value) ? (value as unknown as Record<symbol, string | undefined>)[VIEW] : undefined;
}

const NAMESPACE = Symbol("sluice.namespace");

/** Jinja's `namespace(...)`: a dict whose attributes `{% set ns.x = ... %}` may assign. */
export function makeNamespace(values: Record<string, unknown>): Record<string, unknown> {
  const ns: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) setKey(ns, k, v);
  Object.defineProperty(ns, NAMESPACE, { value: true });
  return ns;
}

/** True for an object made by {@link makeNamespace}. */
export function isNamespace(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[NAMESPACE] === true;
}

/** A Python set (from a literal such as `{1, 2}`), kept as an ordered array of distinct items. */
export class PySet {
  constructor(readonly items: unknown[]) {}
}

/** A method bound to its object (`response.get`), callable from a template. */
export class BoundMethod {
  constructor(
    readonly self: unknown,
    readonly name: string,
    readonly impl: (self: never, args: unknown[], kwargs: Record<string, unknown>) => unknown,
  ) {}
}

/** A global function (the kit's macros, `dict`, `namespace`...) with Python-style arguments. */
export class PyFunction {
  constructor(readonly name: string, readonly impl: (args: unknown[], kwargs: Record<string, unknown>) => unknown) {}
}

/** True for a dict: a plain object (JSON object or dict literal), not one of the classes above. */
export function isDict(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True for a Python int or float (booleans excluded). */
export function isNumber(value: unknown): value is number | PyFloat {
  return typeof value === "number" || value instanceof PyFloat;
}

/** True for a Python float. */
export function isFloat(value: unknown): boolean {
  return value instanceof PyFloat || (typeof value === "number" && !Number.isInteger(value));
}

/** The numeric value of an int, float or bool (Python bools are ints); an int past 2^53 (a `bigint`) as the nearest float. */
export function numeric(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof PyFloat) return value.value;
  if (typeof value === "boolean") return value ? 1 : 0;
  throw new PyError("TypeError", `expected a number, got ${typeName(value)}`);
}

/** A float result: boxed when integral so it keeps rendering as a float. */
export function makeFloat(value: number): number | PyFloat {
  return Number.isInteger(value) ? new PyFloat(value) : value;
}

/**
 * Python's truthiness: `None`, `False`, `0`, `0.0`, `""`, `[]`, `{}`, an empty set and Jinja's undefined are
 * false; everything else is true. Jinja's `if`/`or`/`not` and the kit's paginators (a cursor that renders
 * "0" has become the number 0 through the literal step, so it stops pagination, as in the kit) use it.
 *
 * @example
 * truthy(0);      // false
 * truthy("abc");  // true
 * truthy({});     // false
 */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "" || value === 0) return false;
  // Any other number (NaN included, as in Python), string or true: no class check needed (a paginator asks per page).
  if (typeof value !== "object") return true;
  if (value instanceof PyUndefined) return false;
  if (value instanceof PyFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PySet) return value.items.length > 0;
  if (value instanceof Map || value instanceof Set) return value.size > 0;
  if (isDict(value)) return Object.keys(value).length > 0;
  return true;
}

/** True for a Python `int` (bools included, as `isinstance(True, int)` holds in Python). */
export function isPythonInt(value: unknown): value is number | boolean {
  return (typeof value === "number" && Number.isInteger(value)) || typeof value === "boolean";
}

/** Python's type name, for error messages (`'dict object' has no attribute 'x'`). */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (value instanceof PyUndefined) return "Undefined";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "bigint") return "int";
  if (value instanceof PyFloat) return "float";
  if (typeof value === "string") return "str";
  if (isTuple(value)) return "tuple";
  if (Array.isArray(value)) return viewKind(value) ?? "list";
  if (value instanceof PySet) return "set";
  if (isDict(value)) return "dict";
  if (value instanceof BoundMethod) return "builtin_function_or_method";
  if (value instanceof PyFunction || typeof value === "function") return "function";
  const named = (value as { pyType?: string }).pyType;
  return typeof named === "string" ? named : "object";
}

/** Sets a key as an own property, so a key named `__proto__` is data and never changes a prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Converts a template result to plain JavaScript (JSON-like) data: floats unboxed, undefined to null. */
export function toPlain(value: unknown): unknown {
  if (value instanceof PyFloat) return value.value;
  if (value === undefined || value instanceof PyUndefined) return null;
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof PySet) return value.items.map(toPlain);
  if (isDict(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setKey(out, k, toPlain(v));
    return out;
  }
  return value;
}
