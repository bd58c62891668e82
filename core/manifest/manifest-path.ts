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
