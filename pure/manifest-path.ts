import { pointerKeys } from "./json-pointer.js";

/**
 * Manifest paths as users read them: `streams[0].retriever.paginator`, a key that is not an identifier
 * quoted in brackets (`headers["X-Page"]`). The one renderer of a path to a value, in the library and
 * the Builder's page.
 *
 * @example
 * joinPath("streams[0]", "retriever") === "streams[0].retriever"
 * joinPath("streams", 0) === "streams[0]"
 * joinPath("headers", "my-field") === 'headers["my-field"]'
 */
export function joinPath(base: string, segment: string | number): string {
  if (typeof segment === "number") return `${base}[${segment}]`;
  if (!/^[A-Za-z_$][\w$]*$/.test(segment)) return `${base}[${JSON.stringify(segment)}]`;
  return base ? `${base}.${segment}` : segment;
}

/**
 * The manifest path of a list of keys and indexes, the inverse of {@link splitPath}.
 *
 * @example
 * renderPath(["streams", 0, "my-field"]) === 'streams[0]["my-field"]'
 * renderPath([]) === ""
 */
export function renderPath(segments: ReadonlyArray<string | number>, base = ""): string {
  return segments.reduce<string>((path, segment) => joinPath(path, segment), base);
}

/**
 * Turns a JSON pointer (`/streams/0/retriever`) into a manifest path (`streams[0].retriever`).
 *
 * @example
 * pointerToPath("", "/definitions/a~1b") === 'definitions["a/b"]'
 */
export function pointerToPath(base: string, pointer: string): string {
  return renderPath(
    pointerKeys(pointer).map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
    base,
  );
}

/**
 * The segments of a manifest path, the inverse of {@link joinPath}.
 *
 * @example
 * splitPath('streams[0].retriever["odd key"]') // ["streams", 0, "retriever", "odd key"]
 */
export function splitPath(path: string): Array<string | number> {
  const segments: Array<string | number> = [];
  const pattern = /([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push(JSON.parse(match[3]!) as string);
  }
  return segments;
}
