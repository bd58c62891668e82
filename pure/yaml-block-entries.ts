import type { TextSpan } from "./yaml-top-level-blocks.js";

/** A top-level block split into its entries (see {@link blockEntries}). */
export interface BlockEntries {
  /** Where the key's line ends (after its newline): the entries start there. */
  headerEnd: number;
  /** A block sequence (`- ` entries) or a block mapping (`key:` entries). */
  kind: "seq" | "map";
  /** Each entry with the lines under it; the first also holds the blank and comment lines before it. */
  entries: TextSpan[];
}

/**
 * The entries of one top-level block of a YAML text (pure/yaml-top-level-blocks.ts): the block's key alone
 * on its first line (`streams:`), then a block sequence or mapping whose items all start at one
 * indentation, each item (`  - type: ...`, `  base_requester:`) with the lines under it. Undefined when
 * the block is anything else: a value or a comment on the key's line, a line (not blank, not a comment)
 * indented less than the items, an item of the other kind at the items' indentation (but a sequence
 * written at a key's own indentation, `  key:\n  - a`, belongs to that key), a tab in the indentation,
 * or fewer than two items. The caller parses each entry alone and checks that it holds one item with no
 * error, anchor or alias.
 *
 * @example
 * blockEntries("streams:\n  - name: a\n  - name: b\n");
 * // { headerEnd: 9, kind: "seq", entries: [{ start: 9, end: 22 }, { start: 22, end: 35 }] }
 */
export function blockEntries(source: string): BlockEntries | undefined {
  const firstEnd = source.indexOf("\n");
  if (firstEnd === -1 || !KEY_ALONE.test(source.slice(0, firstEnd))) return undefined;
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
        if (!kind || indent === 0) return undefined;
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
  if (!kind || starts.length < 2) return undefined;
  starts[0] = headerEnd;
  return { headerEnd, kind, entries: starts.map((start, i) => ({ start, end: starts[i + 1] ?? source.length })) };
}

/** A top-level key alone on its line: `streams:`, nothing after the colon but spaces. */
const KEY_ALONE = /^[A-Za-z0-9_$][\w$.-]*:[ ]*\r?$/;
/** An entry of a block mapping with a plain key: `base_requester:` or `page_size: 50`. */
const ENTRY_KEY = /^[A-Za-z0-9_$][\w$.-]*\s*:(\s|$)/;
