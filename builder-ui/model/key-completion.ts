/**
 * What the YAML view completes where a key is being typed: the fields of the component the key belongs
 * to, found by its sibling `type:` (the manifest schema's properties of that type, as `sluice schema`
 * prints them). Read from the text around the cursor, so it works while the document does not parse.
 *
 * @example
 * const lines = ["requester:", "  type: HttpRequester", "  url_"];
 * keyCompletionAt(lines, 2, { HttpRequester: ["url_base", "path"] }) // { from: 2, fields: ["url_base", "path"] }
 */
export function keyCompletionAt(lines: readonly string[], line: number, fields: Readonly<Record<string, readonly string[]>>): { from: number; fields: readonly string[] } | undefined {
  const typed = /^(\s*)(-\s+)?([\w$]*)$/.exec(lines[line] ?? "");
  if (!typed) return undefined;
  const column = typed[1]!.length + (typed[2]?.length ?? 0);
  const type = siblingType(lines, line, column);
  const known = type ? fields[type] : undefined;
  return known ? { from: column, fields: known } : undefined;
}

/** The `type:` written among the keys at `column` of the mapping that holds line `line`. */
function siblingType(lines: readonly string[], line: number, column: number): string | undefined {
  const startsItem = (text: string) => {
    const dash = /^(\s*)-\s+/.exec(text);
    return dash !== null && dash[0].length === column;
  };
  // Upwards to the mapping's first key (a list item's dash, or a line indented less), then downwards to its last.
  if (!startsItem(lines[line] ?? "")) {
    for (let i = line - 1; i >= 0; i--) {
      const key = keyOf(lines[i]!);
      if (key === undefined) continue;
      if (key.column < column) break;
      if (key.column === column && key.name === "type" && key.value) return key.value;
      if (startsItem(lines[i]!)) break;
    }
  }
  for (let i = line + 1; i < lines.length; i++) {
    const key = keyOf(lines[i]!);
    if (key === undefined) continue;
    if (key.column < column || startsItem(lines[i]!)) break;
    if (key.column === column && key.name === "type" && key.value) return key.value;
  }
  return undefined;
}

function keyOf(text: string): { column: number; name: string; value: string } | undefined {
  if (/^\s*(#|$)/.test(text)) return undefined;
  const match = /^(\s*(?:-\s+)?)([\w$]+)\s*:\s*["']?([\w$]*)/.exec(text);
  if (!match) return { column: /^\s*/.exec(text)![0].length, name: "", value: "" };
  return { column: match[1]!.length, name: match[2]!, value: match[3]! };
}
