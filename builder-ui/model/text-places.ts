import type { ManifestModel, Segment } from "./manifest-model.js";

/**
 * Small helpers of the text splices (splice-value.ts, splice-removal.ts): where a line starts and ends,
 * its indentation, and the check every splice ends with: the edited text reads as the yaml Document
 * API's edit of the same document would (so a splice changes the values exactly as intended).
 *
 * @example
 * readsAs(edited, expectedJson(model, ["streams", 0, "retriever", "paginator"], { remove: true }))
 */
export function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

/** The spaces before the line's text up to `at` (the column of `at`). */
export function indentAt(text: string, at: number): string {
  return " ".repeat(at - lineStart(text, at));
}

/**
 * The spaces the text nests a block by: the first key line (`key:`) followed by a deeper line; 2 when
 * none is (a new block is then written as the yaml library writes it).
 */
export function indentUnit(text: string): number {
  const lines = text.split("\n", 400);
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!/^\s*[^\s#-][^#]*:\s*(#.*)?$/.test(lines[i]!)) continue;
    const next = lines.slice(i + 1).find((line) => line.trim() !== "" && !line.trim().startsWith("#"));
    const step = next === undefined ? 0 : next.length - next.trimStart().length - (lines[i]!.length - lines[i]!.trimStart().length);
    if (step > 0 && step <= 8 && !next!.trimStart().startsWith("-")) return step;
  }
  return 2;
}

/** `at` when a line starts there, else where the next line starts (the text's end when none). */
export function endOfLine(text: string, at: number): number {
  if (at === 0 || text[at - 1] === "\n") return at;
  const newline = text.indexOf("\n", at);
  return newline < 0 ? text.length : newline + 1;
}

/**
 * The JSON the model's document reads as after writing `value` at `segments` (or removing what is
 * there, when `remove`), as the Document API's `setIn`/`deleteIn` would leave it; undefined when the
 * parent is not written. Computed on the plain data (a copy of the document would cost more than the
 * parse of the text).
 */
export function expectedJson(model: ManifestModel, segments: readonly Segment[], edit: { value: unknown } | { remove: true }): string | undefined {
  let root: unknown;
  try {
    root = model.document.toJS({ maxAliasCount: 10_000 });
  } catch {
    return undefined;
  }
  let parent = root;
  for (const segment of segments.slice(0, -1)) parent = parent !== null && typeof parent === "object" ? (parent as Record<string, unknown>)[String(segment)] : undefined;
  if (parent === null || typeof parent !== "object") return undefined;
  const key = segments.at(-1)!;
  if ("remove" in edit) {
    if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 1);
    else delete (parent as Record<string, unknown>)[String(key)];
  } else (parent as Record<string, unknown>)[String(key)] = structuredClone(edit.value);
  return JSON.stringify(root);
}

/** True when the model parses without an error to exactly `json`. */
export function readsAs(model: ManifestModel, json: string | undefined): boolean {
  if (json === undefined || model.document.errors.length > 0) return false;
  try {
    return JSON.stringify(model.document.toJS({ maxAliasCount: 10_000 })) === json;
  } catch {
    return false;
  }
}
