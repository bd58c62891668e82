import type { ConnectorConfig } from "../../sdk/index.js";

/**
 * Reads the value at a path of keys in the config (undefined when any step is missing).
 *
 * @example
 * readConfigPath({ credentials: { refresh_token: "r1" } }, ["credentials", "refresh_token"]); // "r1"
 */
export function readConfigPath(config: ConnectorConfig, path: readonly string[]): unknown {
  let node: unknown = config;
  for (const key of path) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Sets the value at a path of keys, creating the objects on the way (as dpath.new does).
 *
 * @example
 * writeConfigPath(config, ["credentials", "access_token"], "a2");
 */
export function writeConfigPath(config: ConnectorConfig, path: readonly string[], value: unknown): void {
  let node: Record<string, unknown> = config;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}
