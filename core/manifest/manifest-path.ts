/**
 * Manifest paths as users read them: `streams[0].retriever.paginator`.
 *
 * @example
 * joinPath("streams[0]", "retriever") === "streams[0].retriever"
 * joinPath("streams", 0) === "streams[0]"
 */
export function joinPath(base: string, segment: string | number): string {
  if (typeof segment === "number") return `${base}[${segment}]`;
  const safe = /^[A-Za-z_$][\w$]*$/.test(segment) ? segment : JSON.stringify(segment);
  if (!base) return safe;
  return /^[A-Za-z_$]/.test(safe) ? `${base}.${safe}` : `${base}[${safe}]`;
}

/** Turns a JSON pointer (`/streams/0/retriever`) into a manifest path (`streams[0].retriever`). */
export function pointerToPath(base: string, pointer: string): string {
  if (!pointer) return base;
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<string>((path, s) => joinPath(path, /^\d+$/.test(s) ? Number(s) : s), base);
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
