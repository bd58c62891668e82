import { isMap, isPair, isScalar, isSeq, parseDocument, Pair, YAMLMap, YAMLSeq, type Node } from "yaml";
import { blockEntries, ENTRY_SPLIT_CHARS } from "../../pure/yaml-block-entries.js";
import { hasAnchorOrAlias, shiftRanges } from "./yaml-nodes.js";

/** One entry of a block, parsed alone or assembled from its own entries (then made again at each placement); its nodes' ranges count in the text it was last placed in. */
interface Entry {
  /** The sequence's item or the mapping's pair. */
  item: Node | Pair;
  /** The range of the entry's one-item collection, as parsed alone, counted from the entry's start. */
  collection: [number, number, number];
  /** Where the entry starts in that text: its nodes' ranges include it. */
  offset: number;
}

/** Where an entry was placed in one assembly: the assembly is current while the entry still is there. */
export interface Placement {
  entry: { offset: number };
  offset: number;
}

/**
 * The page's parse of a large top-level block (or a large entry of one) entry by entry
 * (pure/yaml-block-entries.ts): each entry parsed once while its text is the same and moved (its ranges
 * shifted) when an edit above it moved it, the block's collection assembled with the ranges a whole parse
 * gives (from the first entry's start to the last entry's end, as the last entry parsed alone ends).
 * Undefined where an entry alone could read differently (an error, a warning, an anchor, an alias, a
 * repeated key): the caller parses the block whole.
 *
 * @example
 * const entries = new EntryDocuments();
 * entries.assemble(text.slice(start, end), start, placements)?.pair; // the block's pair, its streams parsed one by one
 */
export class EntryDocuments {
  private last = new Map<string, Entry>();
  private next = new Map<string, Entry>();

  /** Starts an assembly of a new text: the entries kept are those of the last text. */
  begin(): void {
    this.next = new Map();
  }

  /** Ends it: the entries of this text are kept for the next one. */
  end(): void {
    this.last = this.next;
  }

  /** The pair of the block or entry written as `source` at `at` in the text, each entry's placement added to `placements`. */
  assemble(source: string, at: number, placements: Placement[]): { pair: Pair; collection: [number, number, number] } | undefined {
    const split = blockEntries(source);
    if (!split) return undefined;
    const header = parseDocument(source.slice(0, split.headerEnd), { uniqueKeys: false, keepSourceTokens: false });
    const headerPair = isMap(header.contents) && header.contents.items.length === 1 && !header.errors.length && !header.warnings.length ? header.contents.items[0] : undefined;
    const key = headerPair?.key;
    const nothing = headerPair?.value;
    if (!isScalar(key) || key.anchor || !(isScalar(nothing) && nothing.value === null && !nothing.tag && !nothing.anchor)) return undefined;
    shiftRanges(key, at);
    const collection = split.kind === "seq" ? new YAMLSeq() : new YAMLMap();
    const names = new Set<string>();
    let first: [number, number, number] | undefined;
    let last: [number, number, number] = [0, 0, 0];
    for (const span of split.entries) {
      const text = source.slice(span.start, span.end);
      const start = at + span.start;
      const entry = this.entry(text, split.kind, start, placements);
      if (!entry) return undefined;
      if (isPair(entry.item)) {
        const name = String((entry.item.key as { value?: unknown }).value);
        if (names.has(name)) return undefined;
        names.add(name);
      }
      (collection.items as unknown[]).push(entry.item);
      const range: [number, number, number] = [start + entry.collection[0], start + entry.collection[1], start + entry.collection[2]];
      first ??= range;
      last = range;
    }
    collection.range = [first![0], last[1], last[2]];
    return { pair: new Pair(key, collection), collection: [key.range![0] - at, last[2] - at, last[2] - at] };
  }

  /** The entry written as `text` of a block of `kind`, placed at `start`. */
  private entry(text: string, kind: "seq" | "map", start: number, placements: Placement[]): Entry | undefined {
    // An entry written twice in one text is parsed twice: one node can only hold one place.
    let entry = this.next.has(text) ? undefined : this.last.get(text);
    if (entry && (kind === "map") !== isPair(entry.item)) entry = undefined;
    if (!entry && kind === "map" && text.length >= ENTRY_SPLIT_CHARS) {
      // Not kept: its own entries are, and it is assembled from them again at each placement.
      const assembled = this.assemble(text, start, placements);
      if (assembled) return { item: assembled.pair, collection: assembled.collection, offset: start };
    }
    entry ??= parseEntry(text, kind);
    if (!entry) return undefined;
    if (entry.offset !== start) shiftRanges(entry.item, start - entry.offset);
    entry.offset = start;
    if (!this.next.has(text)) this.next.set(text, entry);
    placements.push({ entry, offset: start });
    return entry;
  }
}

/** An entry parsed alone, its ranges counted from its start: one item, no error, warning, anchor or alias. */
function parseEntry(text: string, kind: "seq" | "map"): Entry | undefined {
  const document = parseDocument(text, { uniqueKeys: false, keepSourceTokens: false });
  const contents = document.contents;
  if (document.errors.length || document.warnings.length || hasAnchorOrAlias(document)) return undefined;
  const collection = kind === "seq" ? (isSeq(contents) ? contents : undefined) : isMap(contents) ? contents : undefined;
  if (!collection || collection.items.length !== 1) return undefined;
  const item = collection.items[0] as Node | Pair;
  if (isPair(item) && !isScalar(item.key)) return undefined;
  return { item, collection: collection.range, offset: 0 };
}
