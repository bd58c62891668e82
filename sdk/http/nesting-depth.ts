/**
 * Whether a decoded JSON value nests objects and lists deeper than `maxDepth` (the value itself is
 * depth 1). It stops at the first level past the bound, so it never recurses deeper than `maxDepth`
 * itself; decoders use it so that no later step (selection, transformations, serialising a record)
 * meets a value deep enough to exhaust the call stack.
 *
 * @example
 * nestsDeeperThan(JSON.parse('{"a":{"b":[1]}}'), 2); // true: object, object, list
 * nestsDeeperThan({ a: 1 }, 1000);                   // false
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  return typeof value === "object" && value !== null && deeper(value, 1, maxDepth);
}

function deeper(value: object, depth: number, maxDepth: number): boolean {
  if (depth > maxDepth) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === "object" && item !== null && deeper(item, depth + 1, maxDepth)) return true;
    }
    return false;
  }
  for (const key in value) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (typeof item === "object" && item !== null && deeper(item, depth + 1, maxDepth)) return true;
  }
  return false;
}
