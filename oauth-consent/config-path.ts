/**
 * Reads the value at a key path of a connector config (`["credentials", "client_id"]`), or
 * `undefined` when any step is missing.
 *
 * @example
 * valueAtPath({ credentials: { client_id: "abc" } }, ["credentials", "client_id"]); // "abc"
 */
export function valueAtPath(config: unknown, path: readonly string[]): unknown {
  let node = config;
  for (const key of path) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Sets the value at a key path of a connector config in place, creating the objects on the way
 * (as the platform's `path_in_connector_config` does). Refuses `__proto__`-style keys.
 *
 * @example
 * setAtPath(config, ["credentials", "refresh_token"], "r-123");
 */
export function setAtPath(config: Record<string, unknown>, path: readonly string[], value: unknown): void {
  if (path.length === 0) throw new Error("an empty config path");
  let node = config;
  for (const [index, key] of path.entries()) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") throw new Error(`config path key '${key}' is not allowed`);
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
}
