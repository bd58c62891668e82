/**
 * What {@link readRecordPath} found: `found` is false when a key on the path is missing.
 *
 * @example
 * readRecordPath({ owner: { login: "octocat" } }, ["owner", "login"]); // { found: true, value: "octocat" }
 */
export interface PathLookup {
  found: boolean;
  value?: unknown;
}

/**
 * Reads a value at a path of keys in a record, as the kit's `dpath.get`: a mapping is indexed by key,
 * a list by a digit segment; a missing key (or a scalar on the way) means not found. A value that is
 * present but `null` is found.
 *
 * @example
 * readRecordPath({ id: 7 }, ["id"]);                  // { found: true, value: 7 }
 * readRecordPath({ fields: { parent: null } }, ["fields", "parent"]); // { found: true, value: null }
 * readRecordPath({ name: "x" }, ["id"]);              // { found: false }
 */
export function readRecordPath(record: unknown, path: readonly string[]): PathLookup {
  let node: unknown = record;
  for (const segment of path) {
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(segment) || Number(segment) >= node.length) return { found: false };
      node = node[Number(segment)];
    } else if (typeof node === "object" && node !== null && Object.hasOwn(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

/**
 * Splits a `parent_key` into path segments the way `dpath` does: on `/`, ignoring a leading `/`.
 *
 * @example
 * keyPath("id");             // ["id"]
 * keyPath("fields/parent");  // ["fields", "parent"]
 */
export function keyPath(key: string): string[] {
  return key.replace(/^\/+/, "").split("/");
}
