import type { Document, Node, Pair } from "yaml";
import { blockEntries, ENTRY_SPLIT_CHARS } from "../../pure/yaml-block-entries.js";

/** Where each entry of a split block or entry starts, counted from the start of what holds it, by index or key; and its own entries'. */
export type EntryStarts = Map<string, { start: number; entries?: EntryStarts }>;

/** One entry of a block (pure/yaml-block-entries.ts), parsed on its own, or itself entry by entry when large. */
export interface ParsedEntry {
  /** The sequence's item, or the mapping's pair; its ranges count from the entry's start (an entry's own entries', from theirs). */
  item: Node | Pair;
  /** The item's value as plain data, and for a mapping's pair its key. */
  value: unknown;
  key?: unknown;
  /** Where the entry's sequence or mapping starts in it (its `-` or its key, after any comment lines). */
  collectionStart: number;
  /** For an entry parsed entry by entry: its entries and where they start. */
  split?: SplitParse;
}

/** A block or an entry parsed entry by entry: its key, its collection of the entries' items, and its value as plain data. */
export interface SplitParse {
  pair: Pair;
  value: unknown;
  entryStarts: EntryStarts;
  /** The entries, by their text: kept for the next text while what holds them is. */
  entries: Array<[string, ParsedEntry]>;
  /** How many of them were parsed for this text (the others were kept from the last one). */
  reparsed: number;
}

/**
 * The entries parsed for one text: each kept from the last text while its source is the same, else parsed;
 * `reparsed` and `reused` count those of the top-level blocks parsed entry by entry (the caller adds them).
 */
export class EntryParses {
  readonly next = new Map<string, ParsedEntry>();
  reparsed = 0;
  reused = 0;

  constructor(
    private readonly yaml: typeof import("yaml"),
    private readonly last: ReadonlyMap<string, ParsedEntry>,
  ) {}

  /**
   * The entry written as `source` in a block of `kind` and whether it was parsed now, or undefined when it is
   * not one item alone (see {@link parseEntry}).
   */
  get(source: string, kind: "seq" | "map"): { entry: ParsedEntry; parsed: boolean } | undefined {
    // An entry written twice in one text is parsed twice: each place has its own nodes.
    const kept = this.next.has(source) ? undefined : this.last.get(source);
    if (kept && (kind === "map") === (kept.key !== undefined)) {
      this.next.set(source, kept);
      if (kept.split) this.keep(kept.split.entries);
      return { entry: kept, parsed: false };
    }
    const entry = parseEntry(this.yaml, source, kind, this);
    if (!entry) return undefined;
    if (!this.next.has(source)) this.next.set(source, entry);
    return { entry, parsed: true };
  }

  /** Keeps the entries of a block or an entry kept whole (theirs too), for the text after this one. */
  keep(entries: ReadonlyArray<[string, ParsedEntry]>): void {
    for (const [source, entry] of entries) {
      if (!this.next.has(source)) this.next.set(source, entry);
      if (entry.split) this.keep(entry.split.entries);
    }
  }
}

/**
 * A block or a large entry parsed entry by entry (pure/yaml-block-entries.ts), assembled into the pair a
 * whole parse gives: its key, and a sequence or mapping of the entries' items, whose ranges count from
 * their own entry's start (`entryStarts`, by index or key). Undefined when it does not split, an entry alone
 * is not one item, or a mapping repeats a key: it is then parsed whole.
 */
export function parseSplit(yaml: typeof import("yaml"), source: string, parses: EntryParses): SplitParse | undefined {
  const split = blockEntries(source);
  if (!split) return undefined;
  const header = yaml.parseDocument(source.slice(0, split.headerEnd), { uniqueKeys: false, keepSourceTokens: false });
  const headerPair = yaml.isMap(header.contents) && header.contents.items.length === 1 && !header.errors.length ? header.contents.items[0] : undefined;
  const key = headerPair?.key as Node | undefined;
  const nothing = headerPair?.value;
  if (!key || !yaml.isScalar(key) || key.anchor || !(yaml.isScalar(nothing) && nothing.value === null && !nothing.tag && !nothing.anchor)) return undefined;
  const collection = split.kind === "seq" ? new yaml.YAMLSeq() : new yaml.YAMLMap();
  const entryStarts: EntryStarts = new Map();
  const entries: Array<[string, ParsedEntry]> = [];
  let reparsed = 0;
  const list: unknown[] = [];
  const map: Record<string, unknown> = {};
  for (const [index, span] of split.entries.entries()) {
    const text = source.slice(span.start, span.end);
    const got = parses.get(text, split.kind);
    if (!got) return undefined;
    const { entry } = got;
    if (got.parsed) reparsed++;
    entries.push([text, entry]);
    // The collection starts where its first item does, as in a whole parse (only a range's start is read).
    if (index === 0) collection.range = [span.start + entry.collectionStart, source.length, source.length];
    (collection.items as unknown[]).push(entry.item);
    const name = split.kind === "seq" ? String(index) : String(entry.key);
    if (entryStarts.has(name)) return undefined;
    entryStarts.set(name, entry.split ? { start: span.start, entries: entry.split.entryStarts } : { start: span.start });
    if (split.kind === "seq") list.push(entry.value);
    // `__proto__` as a key is data, as yaml's toJS makes it.
    else Object.defineProperty(map, name, { value: entry.value, writable: true, enumerable: true, configurable: true });
  }
  return { pair: new yaml.Pair(key, collection), value: split.kind === "seq" ? list : map, entryStarts, entries, reparsed };
}

/**
 * One entry of a block parsed alone: one sequence item or one mapping pair, with no error, warning, anchor or
 * alias. A large mapping entry whose value is a block collection (`definitions:` > `streams:` > each stream)
 * is parsed entry by entry in turn.
 */
function parseEntry(yaml: typeof import("yaml"), source: string, kind: "seq" | "map", parses: EntryParses): ParsedEntry | undefined {
  if (kind === "map" && source.length >= ENTRY_SPLIT_CHARS) {
    const split = parseSplit(yaml, source, parses);
    const key = split && (split.pair.key as { value?: unknown; range?: [number, number, number] });
    if (split && key?.range && isPlainKey(key.value)) return { item: split.pair, value: split.value, key: key.value, collectionStart: key.range[0], split };
  }
  const document = yaml.parseDocument(source, { uniqueKeys: false, keepSourceTokens: false });
  if (document.errors.length || document.warnings.length || !hasNoAnchor(yaml, document)) return undefined;
  const contents = document.contents;
  if (kind === "seq") {
    if (!yaml.isSeq(contents) || contents.items.length !== 1) return undefined;
    return { item: contents.items[0] as Node, value: (document.toJS() as unknown[])[0], collectionStart: contents.range![0] };
  }
  if (!yaml.isMap(contents) || contents.items.length !== 1) return undefined;
  const pair = contents.items[0] as Pair;
  const key = (pair.key as { value?: unknown } | null)?.value;
  if (!isPlainKey(key)) return undefined;
  return { item: pair, value: (document.toJS() as Record<string, unknown>)[String(key)], key, collectionStart: contents.range![0] };
}

/** A key written as a scalar (a string, a number, a boolean): an object key of the same name in plain data. */
function isPlainKey(key: unknown): boolean {
  return key !== undefined && key !== null && typeof key !== "object";
}

/** True when no node of the document has an anchor or is an alias (either may reach across blocks). */
export function hasNoAnchor(yaml: typeof import("yaml"), document: Document): boolean {
  let shared = false;
  yaml.visit(document, (_key, node) => {
    if (!yaml.isAlias(node) && !(yaml.isNode(node) && node.anchor)) return undefined;
    shared = true;
    return yaml.visit.BREAK;
  });
  return !shared;
}
