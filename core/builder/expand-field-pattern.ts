import { splitPath } from "../../pure/manifest-path.js";
import { valueAtPath } from "../../python/dpath.js";

/**
 * The concrete paths of a field pattern the page asks about: each `[*]` is every index of the list
 * at that place of the resolved manifest (none when it is not a list).
 *
 * @example
 * expandFieldPattern({ streams: [{ transformations: [{}, {}] }] }, "streams[*].transformations[*].type")
 * // ["streams[0].transformations[0].type", "streams[0].transformations[1].type"]
 */
export function expandFieldPattern(resolved: unknown, pattern: string): string[] {
  const star = pattern.indexOf("[*]");
  if (star < 0) return [pattern];
  const head = pattern.slice(0, star);
  const list = valueAtPath(resolved, splitPath(head));
  if (!Array.isArray(list)) return [];
  return list.flatMap((_, i) => expandFieldPattern(resolved, `${head}[${i}]${pattern.slice(star + 3)}`));
}
