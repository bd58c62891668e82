import type { TextSpan } from "./yaml-top-level-blocks.js";

/**
 * A block or an entry this long or longer is worth splitting into its entries (each stream, each
 * definition), so that an edit parses one: the Builder's server and page both split at this length.
 */
export const ENTRY_SPLIT_CHARS = 8 * 1024;

/** A top-level block split into its entries (see {@link blockEntries}). */
export interface BlockEntries {
  /** Where the key's line ends (after its newline): the entries start there; the blank and comment lines above it stay with the key. */
  headerEnd: number;
  /** A block sequence (`- ` entries) or a block mapping (`key:` entries). */
  kind: "seq" | "map";
  /** Each entry with the lines under it; the first also holds the blank and comment lines before it. */
  entries: TextSpan[];
}

/**
 * The entries of one top-level block of a YAML text (pure/yaml-top-level-blocks.ts), or of one entry of a
 * block mapping: its key alone on its first line that is not blank or a comment (`streams:`, `  streams:`), then a block sequence or
 * mapping whose items all start at one indentation, each item (`  - type: ...`, `  base_requester:`) with
 * the lines under it. Undefined when it is anything else: a value or a comment on the key's line, a line
 * (not blank, not a comment) indented less than the items, an item of the other kind at the items'
 * indentation (but a sequence written at a key's own indentation, `  key:\n  - a`, belongs to that key),
 * a mapping not indented more than its key, a tab in the indentation, or no item. The caller parses each
 * entry alone and checks that it holds one item with no error, anchor or alias.
 *
 * @example
 * blockEntries("streams:\n  - name: a\n  - name: b\n");
 * // { headerEnd: 9, kind: "seq", entries: [{ start: 9, end: 22 }, { start: 22, end: 35 }] }
 */
export function blockEntries(source: string): BlockEntries | undefined {
  // The key's line: the first that is not blank or a comment.
  let keyLine = 0;
  for (let end = source.indexOf("\n"); end !== -1 && COMMENT_OR_BLANK.test(source.slice(keyLine, end)); end = source.indexOf("\n", keyLine)) keyLine = end + 1;
  const firstEnd = source.indexOf("\n", keyLine);
  const header = firstEnd === -1 ? undefined : KEY_ALONE.exec(source.slice(keyLine, firstEnd));
  if (!header) return undefined;
  const keyIndent = header[1]!.length;
  const headerEnd = firstEnd + 1;
  let indent = -1;
  let kind: "seq" | "map" | undefined;
  const starts: number[] = [];
  for (let at = headerEnd; at < source.length; ) {
    const end = source.indexOf("\n", at);
    const line = source.slice(at, end === -1 ? source.length : end);
    const content = line.trimStart();
    if (content !== "" && content !== "\r" && !content.startsWith("#")) {
      const lead = line.slice(0, line.length - content.length);
      if (lead.includes("\t")) return undefined;
      const depth = lead.length;
      const isItem = content === "-" || content === "-\r" || content.startsWith("- ");
      if (indent === -1) {
        indent = depth;
        kind = isItem ? "seq" : ENTRY_KEY.test(content) ? "map" : undefined;
        if (!kind || indent === 0 || indent < keyIndent || (kind === "map" && indent === keyIndent)) return undefined;
      }
      if (depth < indent) return undefined;
      if (depth === indent) {
        if (kind === "seq" ? isItem : ENTRY_KEY.test(content)) starts.push(at);
        else if (!(kind === "map" && isItem)) return undefined;
      }
    }
    if (end === -1) break;
    at = end + 1;
  }
  if (!kind || starts.length === 0) return undefined;
  starts[0] = headerEnd;
  return { headerEnd, kind, entries: starts.map((start, i) => ({ start, end: starts[i + 1] ?? source.length })) };
}

/** A blank line or a comment line. */
const COMMENT_OR_BLANK = /^[ \t]*(#.*)?\r?$/;
/** A plain key alone on its line: `streams:`, nothing after the colon but spaces; its indentation captured. */
const KEY_ALONE = /^( *)[A-Za-z0-9_$][\w$.-]*:[ ]*\r?$/;
/** An entry of a block mapping with a plain key: `base_requester:` or `page_size: 50`. */
const ENTRY_KEY = /^[A-Za-z0-9_$][\w$.-]*\s*:(\s|$)/;
