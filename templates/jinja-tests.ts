/**
 * Jinja's tests (`x is defined`, `x is none`, `x is false`, `x is string`...), with Python semantics.
 */
import type { TestImpl } from "./compile-template.js";
import { pyCompare, pyEq, pyIn } from "../python/ops.js";
import { isPyObject } from "../python/str.js";
import { BoundMethod, isDict, isFloat, isNumber, numeric, PyFunction, PySet, PyUndefined } from "../python/values.js";

const isInt = (v: unknown): boolean => (typeof v === "number" && Number.isInteger(v)) || false;

/** Jinja's built-in tests, by name. */
export const jinjaTests: Record<string, TestImpl> = {
  defined: (v) => !(v instanceof PyUndefined),
  undefined: (v) => v instanceof PyUndefined,
  none: (v) => v === null || v === undefined,
  boolean: (v) => typeof v === "boolean",
  false: (v) => v === false,
  true: (v) => v === true,
  integer: (v) => isInt(v),
  float: (v) => isFloat(v),
  number: (v) => isNumber(v) || typeof v === "boolean",
  string: (v) => typeof v === "string",
  mapping: (v) => isDict(v),
  iterable: (v) => Array.isArray(v) || typeof v === "string" || isDict(v) || v instanceof PySet || v instanceof PyUndefined,
  sequence: (v) => Array.isArray(v) || typeof v === "string" || isDict(v) || v instanceof PyUndefined,
  callable: (v) => v instanceof BoundMethod || v instanceof PyFunction || typeof v === "function",
  sameas: (v, [other]) => v === other || (v === null && other === undefined) || (isPyObject(v) && v === other),
  escaped: () => false,
  lower: (v) => typeof v === "string" && v === v.toLowerCase(),
  upper: (v) => typeof v === "string" && v === v.toUpperCase(),
  even: (v) => numeric(v) % 2 === 0,
  odd: (v) => Math.abs(numeric(v) % 2) === 1,
  divisibleby: (v, [n]) => numeric(v) % numeric(n) === 0,
  in: (v, [seq]) => pyIn(v, seq),
  eq: (v, [o]) => pyEq(v, o), equalto: (v, [o]) => pyEq(v, o), "==": (v, [o]) => pyEq(v, o),
  ne: (v, [o]) => !pyEq(v, o), "!=": (v, [o]) => !pyEq(v, o),
  lt: (v, [o]) => pyCompare(v, o, "<") < 0, lessthan: (v, [o]) => pyCompare(v, o, "<") < 0, "<": (v, [o]) => pyCompare(v, o, "<") < 0,
  le: (v, [o]) => pyCompare(v, o, "<=") <= 0, "<=": (v, [o]) => pyCompare(v, o, "<=") <= 0,
  gt: (v, [o]) => pyCompare(v, o, ">") > 0, greaterthan: (v, [o]) => pyCompare(v, o, ">") > 0, ">": (v, [o]) => pyCompare(v, o, ">") > 0,
  ge: (v, [o]) => pyCompare(v, o, ">=") >= 0, ">=": (v, [o]) => pyCompare(v, o, ">=") >= 0,
};
