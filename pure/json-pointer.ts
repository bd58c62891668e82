/**
 * The keys of a JSON pointer (RFC 6901), decoded: `~1` is `/`, `~0` is `~` (in that order, so `~01`
 * is `~1`). A `#` fragment prefix is allowed; the whole document (`#` or ``) has no keys.
 *
 * @example
 * pointerKeys("#/definitions/a~1b/0") // ["definitions", "a/b", "0"]
 * pointerKeys("/streams/0")           // ["streams", "0"]
 * pointerKeys("#")                    // []
 */
export function pointerKeys(pointer: string): string[] {
  const path = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (path === "") return [];
  return path
    .split("/")
    .slice(1)
    .map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
}
