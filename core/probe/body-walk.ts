import { isJsonObject } from "../../pure/json-object.js";

/** One value met walking a body: its path and its value. */
interface BodyEntry {
  path: string[];
  value: unknown;
}

/**
 * The values of a body's objects, breadth first (a top-level `next_cursor` before one nested in
 * `response_metadata`), to `depth` levels, arrays left out (the records are in one; a next URL or a
 * cursor never is): what a detector looks through for a next URL or a cursor.
 *
 * @example
 * walkBody({ members: [...], response_metadata: { next_cursor: "dXNlcjpV" } })
 * // [{ path: ["response_metadata"], value: {...} }, { path: ["response_metadata", "next_cursor"], value: "dXNlcjpV" }]
 */
export function walkBody(body: unknown, depth = 4): BodyEntry[] {
  const entries: BodyEntry[] = [];
  let level: BodyEntry[] = [{ path: [], value: body }];
  for (let d = 0; d < depth && level.length > 0; d++) {
    const next: BodyEntry[] = [];
    for (const { path, value } of level) {
      if (!isJsonObject(value)) continue;
      for (const [key, child] of Object.entries(value)) {
        const at = [...path, key];
        if (Array.isArray(child)) continue;
        entries.push({ path: at, value: child });
        next.push({ path: at, value: child });
      }
    }
    level = next;
  }
  return entries;
}

/** Whether a string is a URL a next page can be read from: absolute http(s), or a path from the host's root. */
export function isNextUrl(value: unknown): value is string {
  return typeof value === "string" && (/^https?:\/\/\S+$/i.test(value) || /^\/[^/\s]\S*$/.test(value));
}
