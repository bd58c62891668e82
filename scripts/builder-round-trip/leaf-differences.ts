import { joinPath } from "../../pure/manifest-path.js";

/** One place where two manifests differ: its path and the two values there (undefined: absent). */
interface LeafDifference {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * Every place where two JSON-like trees differ, down to the values (a key on one side only is one
 * difference at that key).
 *
 * @example
 * leafDifferences({ a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }) // [{ path: "a.c", before: 2, after: 3 }]
 */
export function leafDifferences(before: unknown, after: unknown, path = ""): LeafDifference[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: LeafDifference[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) out.push(...leafDifferences(before[i], after[i], joinPath(path, i)));
    return out;
  }
  if (isObject(before) && isObject(after)) {
    const out: LeafDifference[] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) out.push(...leafDifferences(before[key], after[key], joinPath(path, key)));
    return out;
  }
  return [{ path, before, after }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
