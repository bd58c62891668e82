/** One stretch of a text replaced: `text.slice(0, start) + insert + text.slice(end)`. */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
}

/**
 * The one stretch that turns `before` into `after` (their common start and end kept): what an editor
 * sends instead of the whole text when it changed in one place, as a keystroke does.
 *
 * @example
 * textEdit("page_size: 50\n", "page_size: 75\n"); // { start: 11, end: 13, insert: "75" }
 */
export function textEdit(before: string, after: string): TextEdit {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, end: before.length - tail, insert: after.slice(start, after.length - tail) };
}

/**
 * `text` with the edit made; undefined when the edit does not fit it (a stretch outside the text).
 *
 * @example
 * applyTextEdit("page_size: 50\n", { start: 11, end: 13, insert: "75" }); // "page_size: 75\n"
 */
export function applyTextEdit(text: string, edit: TextEdit): string | undefined {
  const { start, end, insert } = edit;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > text.length || typeof insert !== "string") return undefined;
  return text.slice(0, start) + insert + text.slice(end);
}
