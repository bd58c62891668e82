import type { DataRecord } from "../../sdk/index.js";

/**
 * Sets `value` at `path` in a record, creating the objects on the way (the kit's `dpath.new`); a
 * segment that holds something other than an object is replaced by one.
 *
 * @example
 * const record = { id: 1 };
 * setPath(record, ["meta", "source"], "crm"); // { id: 1, meta: { source: "crm" } }
 */
export function setPath(record: DataRecord, path: readonly string[], value: unknown): void {
  let node: Record<string, unknown> = record;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/**
 * Deletes every field matching a glob path (the kit's `dpath.delete`): `*` matches any one key or list
 * index, `**` any number of levels. `keep(value)` may spare a matched field. Missing paths are ignored.
 *
 * @example
 * deletePath({ a: { secret: 1, b: { secret: 2 } } }, ["**", "secret"]); // { a: { b: {} } }
 */
export function deletePath(node: unknown, path: readonly string[], shouldDelete: (value: unknown) => boolean = () => true): void {
  if (path.length === 0 || typeof node !== "object" || node === null) return;
  const [segment, ...rest] = path as [string, ...string[]];
  if (segment === "**") {
    deletePath(node, rest, shouldDelete);
    for (const key of keysOf(node)) deletePath(childOf(node, key), path, shouldDelete);
    return;
  }
  const keys = segment === "*" ? keysOf(node) : keysOf(node).filter((k) => k === segment);
  if (rest.length > 0) {
    for (const key of keys) deletePath(childOf(node, key), rest, shouldDelete);
    return;
  }
  if (Array.isArray(node)) {
    for (const key of keys.map(Number).sort((a, b) => b - a)) if (shouldDelete(node[key])) node.splice(key, 1);
  } else {
    const record = node as Record<string, unknown>;
    for (const key of keys) if (shouldDelete(record[key])) delete record[key];
  }
}

function keysOf(node: object): string[] {
  return Array.isArray(node) ? node.map((_, i) => String(i)) : Object.keys(node);
}

function childOf(node: object, key: string): unknown {
  return Array.isArray(node) ? node[Number(key)] : (node as Record<string, unknown>)[key];
}

/**
 * The values a glob path finds (the kit's `dpath.values`; a plain path finds at most one): `*` matches
 * any one key or list index.
 *
 * @example
 * valuesAt({ a: [{ b: 1 }, { b: 2 }] }, ["a", "*", "b"]); // [1, 2]
 */
export function valuesAt(node: unknown, path: readonly string[]): unknown[] {
  let level: unknown[] = [node];
  for (const segment of path) {
    const next: unknown[] = [];
    for (const item of level) {
      if (typeof item !== "object" || item === null) continue;
      const keys = segment === "*" ? keysOf(item) : keysOf(item).filter((k) => k === segment);
      for (const key of keys) next.push(childOf(item, key));
    }
    level = next;
  }
  return level;
}
