/**
 * Attribute and item access (`a.b`, `a['b']`, `a[-1]`, `a[1:3]`) with the sandboxed Jinja rules.
 *
 * This is the sandbox: a template reaches only its data's own keys, list items and the Python methods
 * listed in py-methods.ts. JavaScript properties (`constructor`, `__proto__`, `prototype`) are never read,
 * and Python's dunder attributes (`__class__`...) give an undefined value that raises SecurityError when used.
 */
import { methodOf } from "../python/methods.js";
import { isPyObject } from "../python/str.js";
import { BoundMethod, isDict, isTuple, makeTuple, PyError, PyUndefined, typeName } from "../python/values.js";

/** A slice `[start:stop:step]` used as a subscript. */
export class PySlice {
  constructor(readonly start: unknown, readonly stop: unknown, readonly step: unknown) {}
}

/** A value that exposes attributes of its own (datetimes: `.year`, `.strftime`). */
interface PyAttributes {
  pyAttr(name: string): unknown;
}

const PYTHON_DUNDERS = new Set([
  "__class__", "__doc__", "__init__", "__dict__", "__module__", "__globals__", "__subclasses__", "__mro__",
  "__base__", "__bases__", "__builtins__", "__getattribute__", "__repr__", "__str__", "__len__", "__getitem__",
  "__eq__", "__hash__", "__dir__", "__reduce__", "__reduce_ex__", "__new__", "__setattr__", "__delattr__",
  "__sizeof__", "__format__", "__init_subclass__", "__subclasshook__", "__ne__", "__lt__", "__le__", "__gt__",
  "__ge__", "__contains__", "__iter__", "__code__", "__func__", "__self__", "__name__", "__qualname__",
  "__call__", "__closure__", "__defaults__", "__kwdefaults__", "__annotations__", "__wrapped__", "__add__", "__mul__",
]);

function objectRepr(obj: unknown): string {
  return obj === null || obj === undefined ? "'None'" : `'${typeName(obj)} object'`;
}

/** The undefined value Jinja gives for a missing attribute or key. */
export function missing(obj: unknown, name: unknown): PyUndefined {
  if (typeof name === "string") return new PyUndefined(`${objectRepr(obj)} has no attribute '${name}'`);
  return new PyUndefined(`${objectRepr(obj)} has no element ${String(name)}`);
}

/** Python attributes: a blocked dunder, a known method, or a datetime's own attribute; `undefined` if none. */
function pythonAttribute(obj: unknown, name: string): unknown {
  if (PYTHON_DUNDERS.has(name)) {
    return new PyUndefined(`access to attribute '${name}' of '${typeName(obj)}' object is unsafe.`, "SecurityError");
  }
  const method = methodOf(obj, name);
  if (method) return new BoundMethod(obj, name, method);
  if (isPyObject(obj) && typeof (obj as unknown as PyAttributes).pyAttr === "function") {
    return (obj as unknown as PyAttributes).pyAttr(name);
  }
  return undefined;
}

/** `obj.name`: Python attribute first, then the item (`response._metadata` reads the key). */
export function getAttr(obj: unknown, name: string): unknown {
  if (obj instanceof PyUndefined) obj.fail();
  const attr = pythonAttribute(obj, name);
  if (attr !== undefined) return attr;
  if (isDict(obj) && Object.hasOwn(obj, name)) return normalize(obj[name]);
  return missing(obj, name);
}

/** `obj[key]`: the item first, then (for a string key) the attribute. */
export function getItem(obj: unknown, key: unknown): unknown {
  if (obj instanceof PyUndefined) obj.fail();
  if (key instanceof PySlice) return sliceOf(obj, key);
  if (isDict(obj)) {
    if (typeof key === "string" && Object.hasOwn(obj, key)) return normalize(obj[key]);
  } else if (Array.isArray(obj) || typeof obj === "string") {
    const index = toIndex(key);
    if (index !== undefined) {
      const i = index < 0 ? index + obj.length : index;
      if (i >= 0 && i < obj.length) return normalize(obj[i]);
      return missing(obj, key);
    }
  }
  if (typeof key === "string") {
    const attr = pythonAttribute(obj, key);
    if (attr !== undefined) return attr;
  }
  return missing(obj, key);
}

function normalize(value: unknown): unknown {
  return value === undefined ? null : value;
}

function toIndex(key: unknown): number | undefined {
  if (typeof key === "boolean") return key ? 1 : 0;
  if (typeof key === "number" && Number.isInteger(key)) return key;
  return undefined;
}

function sliceBound(value: unknown, name: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  const index = toIndex(value);
  if (index === undefined) throw new PyError("TypeError", `slice indices must be integers or None or have an __index__ method (${name})`);
  return index;
}

/** Python slicing with negative and missing bounds and a step. */
function sliceOf(obj: unknown, slice: PySlice): unknown {
  if (!Array.isArray(obj) && typeof obj !== "string") {
    if (obj === null || obj === undefined || typeof obj !== "object") return missing(obj, "slice");
    throw new PyError("TypeError", `'${typeName(obj)}' object is not subscriptable`);
  }
  const length = obj.length;
  const step = sliceBound(slice.step, "step") ?? 1;
  if (step === 0) throw new PyError("ValueError", "slice step cannot be zero");
  const clamp = (v: number | undefined, fallback: number, low: number, high: number): number => {
    if (v === undefined) return fallback;
    const n = v < 0 ? v + length : v;
    return Math.min(Math.max(n, low), high);
  };
  const start = step > 0 ? clamp(sliceBound(slice.start, "start"), 0, 0, length) : clamp(sliceBound(slice.start, "start"), length - 1, -1, length - 1);
  const stop = step > 0 ? clamp(sliceBound(slice.stop, "stop"), length, 0, length) : clamp(sliceBound(slice.stop, "stop"), -1, -1, length - 1);
  const picked: unknown[] = [];
  const chars = typeof obj === "string" ? Array.from(obj) : obj;
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) picked.push(chars[i]);
  if (typeof obj === "string") return picked.join("");
  return isTuple(obj) ? makeTuple(picked) : picked;
}
