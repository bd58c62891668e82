import type { Document } from "yaml";
import type { ManifestModel } from "./manifest-model.js";

/**
 * Small helpers of the text splices (splice-value.ts, splice-removal.ts): where a line starts and ends,
 * its indentation, and the check every splice ends with: the edited text reads as the yaml Document
 * API's edit of the same document would (so a splice changes bytes only where it meant to, and the
 * values exactly as intended).
 *
 * @example
 * readsAs(edited, expectedJson(model, (document) => document.deleteIn(["streams", 0, "retriever", "paginator"])))
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

/** The JSON of the model's document after `edit` (on a copy); undefined when the Document API refuses the edit. */
export function expectedJson(model: ManifestModel, edit: (document: Document) => void): string | undefined {
  try {
    const document = model.document.clone();
    edit(document);
    return JSON.stringify(document.toJS({ maxAliasCount: 10_000 }));
  } catch {
    return undefined;
  }
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
