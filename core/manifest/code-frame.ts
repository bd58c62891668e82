/**
 * The lines around a position in a text, with a caret under the column, for syntax errors a person
 * reads in a terminal (the line before gives context; a line longer than 120 characters is cut around
 * the column).
 *
 * @example
 * codeFrame("a: 1\nb: [1, 2\n", 2, 4)
 * // "  1 | a: 1\n  2 | b: [1, 2\n    |    ^"
 */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const width = String(line).length;
  const shown = (n: number): string => {
    const content = lines[n - 1] ?? "";
    const start = content.length > 120 ? Math.max(0, Math.min(column - 60, content.length - 120)) : 0;
    return `${String(n).padStart(width)} | ${start > 0 ? "…" : ""}${content.slice(start, start + 120)}`;
  };
  const cut = (lines[line - 1] ?? "").length > 120 ? Math.max(0, Math.min(column - 60, (lines[line - 1] ?? "").length - 120)) : 0;
  const caret = `${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1 - cut) + (cut > 0 ? 1 : 0))}^`;
  return [...(line > 1 ? [shown(line - 1)] : []), shown(line), caret].join("\n");
}
