import { renderPath } from "../../pure/manifest-path.js";
/**
 * A template that reads a value at a path of the response body without failing where a key is
 * missing (the last page often has no `paging` at all): `.get()` at each step, as the kit's Jinja allows.
 *
 * @example
 * responseGetter(["paging", "next", "after"]) // "response.get('paging', {}).get('next', {}).get('after')"
 * responseGetter(["@odata.nextLink"])         // "response.get('@odata.nextLink')"
 */
export function responseGetter(path: readonly string[]): string {
  return path.reduce((expression, key, index) => `${expression}.get(${quote(key)}${index < path.length - 1 ? ", {}" : ""})`, "response");
}

function quote(key: string): string {
  return `'${key.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/**
 * A path in the response as a person reads it, written as every path is (pure/manifest-path.ts).
 *
 * @example
 * showPath(["paging", "next", "after"]) === "paging.next.after"
 * showPath(["@odata.nextLink"]) === '["@odata.nextLink"]'
 */
export function showPath(path: readonly (string | number)[]): string {
  return path.length === 0 ? "(the body itself)" : renderPath(path);
}
