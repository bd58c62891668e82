import { setPath, unsetPath, valueAtPath } from "../../python/index.js";
import { SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import { renderPath } from "../../pure/manifest-path.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * A field's place in a config: object keys and list indexes from the top.
 *
 * @example
 * ["credentials", "refresh_token"]   // config.credentials.refresh_token
 * ["accounts", 0, "api_key"]         // config.accounts[0].api_key
 */
export type ConfigPath = ReadonlyArray<string | number>;

/** The stable text of a path (the database column and the ciphertext's associated data): its JSON. */
export function pathKey(path: ConfigPath): string {
  return JSON.stringify(path);
}

/** The path a {@link pathKey} stands for. */
export function parsePathKey(key: string): ConfigPath {
  const path = JSON.parse(key) as unknown;
  if (!Array.isArray(path) || !path.every((p) => typeof p === "string" || typeof p === "number")) throw new SluiceError("SOURCE_SECRET_PATH_INVALID", "A stored secret path is not a list of keys and indexes", { expected: '["credentials", "token"]', found: key.slice(0, 80) });
  return path;
}

/**
 * A path as a reader writes it, as every path is written (pure/manifest-path.ts).
 *
 * @example
 * describePath(["accounts", 0, "api-key"]) === 'accounts[0]["api-key"]'
 */
export function describePath(path: ConfigPath): string {
  return renderPath(path);
}

/** The value at `path`, or undefined when any step is missing (python/dpath, the one home of a value at a path). */
export function valueAt(config: unknown, path: ConfigPath): unknown {
  return valueAtPath(config, path);
}

/** Sets the value at `path`, creating the objects (or lists, for a numeric step) on the way. */
export function setValueAt(config: ConnectorConfig, path: ConfigPath, value: unknown): void {
  setPath(config, path, value);
}

/** Removes the value at `path` (nothing happens when it is not there). */
export function deleteValueAt(config: ConnectorConfig, path: ConfigPath): void {
  unsetPath(config, path);
}

/**
 * The paths of every leaf value that differs between two configs (added, changed or removed), where
 * a leaf is anything but a plain object. Used to find the values an authenticator wrote back.
 *
 * @example
 * changedPaths({ c: { t: "a", id: 1 } }, { c: { t: "b", id: 1 } }); // [["c", "t"]]
 */
export function changedPaths(before: unknown, after: unknown, path: Array<string | number> = [], out: ConfigPath[] = []): ConfigPath[] {
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) changedPaths(before[key], after[key], [...path, key], out);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    out.push(path);
  }
  return out;
}

/** True when `ancestor` is `path` or one of its prefixes. */
export function isWithin(path: ConfigPath, ancestor: ConfigPath): boolean {
  return ancestor.length <= path.length && ancestor.every((step, i) => step === path[i]);
}

