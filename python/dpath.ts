import { SluiceError } from "../sdk/index.js";

/**
 * The kit's `dpath` operations on JSON values: read a value at a path of keys (`dpath.get`), set one
 * creating the objects on the way (`dpath.new`), delete glob matches (`dpath.delete`). The one home of
 * "a value at a path": records, configs (a stored source's secret paths), responses and the OAuth
 * consent output all go through these. A path is keys, and list indexes as digit strings or numbers.
 */

/** A path of keys; a number (or a string of digits) indexes a list. */
export type ValuePath = readonly (string | number)[];

/**
 * What {@link getPath} found: `found` is false when a key on the path is missing.
 *
 * @example
 * getPath({ owner: { login: "octocat" } }, ["owner", "login"]); // { found: true, value: "octocat" }
 */
export interface PathLookup {
  found: boolean;
  value?: unknown;
}

/**
 * Reads the value at a path of keys, as `dpath.get`: a mapping is indexed by its own keys (never an
 * inherited `__proto__` or `constructor`), a list by a digit segment; a missing key (or a scalar on the
 * way) means not found. A value that is present but `null` is found.
 *
 * @example
 * getPath({ id: 7 }, ["id"]);                            // { found: true, value: 7 }
 * getPath({ fields: { parent: null } }, ["fields", "parent"]); // { found: true, value: null }
 * getPath({ items: [{ id: 1 }] }, ["items", "0", "id"]); // { found: true, value: 1 }
 * getPath({ name: "x" }, ["id"]);                        // { found: false }
 */
export function getPath(node: unknown, path: ValuePath): PathLookup {
  for (const segment of path) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(String(segment)) || Number(segment) >= node.length) return { found: false };
      node = node[Number(segment)];
    } else if (typeof segment === "string" && typeof node === "object" && node !== null && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

/**
 * The value at a path of keys, or undefined when any step is missing (see {@link getPath}).
 *
 * @example
 * valueAtPath({ credentials: { refresh_token: "r1" } }, ["credentials", "refresh_token"]); // "r1"
 */
export function valueAtPath(node: unknown, path: ValuePath): unknown {
  const lookup = getPath(node, path);
  return lookup.found ? lookup.value : undefined;
}

/**
 * Splits a `/`-separated key into path segments the way `dpath` does, ignoring a leading `/`.
 *
 * @example
 * keyPath("id");             // ["id"]
 * keyPath("fields/parent");  // ["fields", "parent"]
 */
export function keyPath(key: string): string[] {
  return key.replace(/^\/+/, "").split("/");
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Sets `value` at `path`, creating the objects on the way (the kit's `dpath.new`); a segment that
 * holds something other than an object is replaced by one, a list when the next segment is a number.
 * `__proto__`, `constructor` and `prototype` are refused as keys (`PATH_KEY_UNSAFE`), and so is an
 * empty path.
 *
 * @example
 * const record = { id: 1 };
 * setPath(record, ["meta", "source"], "crm");        // { id: 1, meta: { source: "crm" } }
 * setPath(config, ["accounts", 0, "api_key"], "k");  // config.accounts[0].api_key
 */
export function setPath(target: Record<string, unknown>, path: ValuePath, value: unknown): void {
  const unsafe = path.find((key) => typeof key === "string" && UNSAFE_KEYS.has(key));
  if (path.length === 0 || unsafe !== undefined) {
    throw new SluiceError("PATH_KEY_UNSAFE", path.length === 0 ? "A value cannot be set at an empty path" : `The path key '${String(unsafe)}' is not allowed`, {
      expected: "a path of one or more keys, none of them __proto__, constructor or prototype",
      found: JSON.stringify(path),
    });
  }
  let node = target as Record<string | number, unknown>;
  path.forEach((segment, i) => {
    if (i === path.length - 1) {
      node[segment] = value;
      return;
    }
    const list = typeof path[i + 1] === "number";
    let next = node[segment];
    if (typeof next !== "object" || next === null || (!list && Array.isArray(next))) node[segment] = next = list ? [] : {};
    node = next as Record<string | number, unknown>;
  });
}

/**
 * Removes the value at exactly `path` (no globs; nothing happens when it is not there). A list keeps
 * its length and the other elements their places: the element becomes a hole (`null` in JSON), so
 * paths into the rest of the list stay true.
 *
 * @example
 * unsetPath({ credentials: { token: "t", id: 1 } }, ["credentials", "token"]); // { credentials: { id: 1 } }
 */
export function unsetPath(target: unknown, path: ValuePath): void {
  const parent = getPath(target, path.slice(0, -1));
  const last = path[path.length - 1];
  if (last === undefined || !parent.found || typeof parent.value !== "object" || parent.value === null) return;
  if (Array.isArray(parent.value)) {
    if (/^\d+$/.test(String(last))) delete parent.value[Number(last)];
  } else delete (parent.value as Record<string, unknown>)[String(last)];
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
 * Replaces the value at `path` only when that path already exists (the kit's `dpath.set` without
 * globs): a mapping is walked by key, a list by a digit segment. Returns whether a value was replaced.
 *
 * @example
 * const stream = { retriever: { requester: { path: "" } }, transformations: [{ fields: [{ value: "" }] }] };
 * updatePath(stream, ["retriever", "requester", "path"], "/v1/orders");          // true
 * updatePath(stream, ["transformations", "0", "fields", "0", "value"], "orders"); // true
 * updatePath(stream, ["retriever", "paginator"], {});                              // false (absent)
 */
export function updatePath(target: unknown, path: readonly string[], value: unknown): boolean {
  if (path.length === 0) return false;
  const parent = getPath(target, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (!parent.found || UNSAFE_KEYS.has(last)) return false;
  const node = parent.value;
  if (Array.isArray(node)) {
    if (!/^\d+$/.test(last) || Number(last) >= node.length) return false;
    node[Number(last)] = value;
    return true;
  }
  if (typeof node !== "object" || node === null || !Object.hasOwn(node, last)) return false;
  (node as Record<string, unknown>)[last] = value;
  return true;
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
