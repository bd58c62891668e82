import type { Document, Node, Pair } from "yaml";
import { blockEntries } from "../../pure/yaml-block-entries.js";
import { topLevelBlocks } from "../../pure/yaml-top-level-blocks.js";
import { loadYaml } from "../../sdk/plugin/load-yaml.js";
import { parseManifestSource } from "./parse-manifest-text.js";
import type { SourcePositions } from "./source-positions.js";

/** One top-level block of a manifest's text (a key at column 0 and the lines under it), parsed on its own. */
interface ParsedBlock {
  document: Document;
  /** The block's own top-level pairs (usually one). */
  pairs: Pair[];
  /** The block as plain data, made the first time a text holding it is read and kept with it. */
  value?: Record<string, unknown>;
  /** For a block parsed entry by entry: where each entry starts in the block, by its index or key. */
  entryStarts?: Map<string, number>;
  /** And its entries, by their text: kept for the next text while the block is. */
  entries?: Array<[string, ParsedEntry]>;
}

/** One entry of a large block (pure/yaml-block-entries.ts), parsed on its own. */
interface ParsedEntry {
  /** The sequence's item, or the mapping's pair; its ranges count from the entry's start. */
  item: Node | Pair;
  /** The item's value as plain data, and for a mapping's pair its key. */
  value: unknown;
  key?: unknown;
  /** Where the entry's sequence or mapping starts in it (its `-` or its key, after any comment lines). */
  collectionStart: number;
}

/** A block this long or longer is parsed entry by entry (each stream, each definition), so an edit parses one. */
const ENTRY_SPLIT_CHARS = 8 * 1024;

/** What a manifest text holds, as {@link parseManifestSource} answers. */
type ParsedManifest = { manifest: Record<string, unknown>; positions: SourcePositions };

/**
 * Parses the texts of one manifest as an author edits it, reparsing only the top-level blocks that changed
 * (`definitions:`, `streams:`, `spec:`, `schemas:`... each a key at column 0 with the lines under it). A
 * keystroke in `definitions` of a 1.25 MB manifest whose inline `schemas` take 55,000 lines parses 440
 * lines, not 56,000: the Builder analyses every pause in typing, and parsing the whole text was most of
 * its time.
 *
 * The answer is what {@link parseManifestSource} gives for the same text: the same manifest (the blocks'
 * pairs in their order, the last of repeated keys winning), the same lines and columns. Whatever a block
 * alone could read differently, or that this parser does not split, is parsed whole, as before: a text
 * that is JSON; any line at column 0 other than a plain key or a comment (`---`, `...`, a `%` directive,
 * a list written at column 0 under its key, a quoted key); a block with an error or a warning (the whole
 * text's parse reports it, at its line); an anchor or an alias (which may cross blocks).
 *
 * Keeps the blocks of the last text only: one parser per edited manifest (a Builder session). A block kept
 * is the same value in each answer (converting the 55,000 lines of schemas to plain data again was a tenth
 * of each analysis): a caller reads the manifest, and never changes it.
 *
 * @example
 * const parser = new IncrementalManifestParser();
 * await parser.parse(text); // every block parsed
 * await parser.parse(text.replace("page_size: 50", "page_size: 100")); // only the block holding page_size
 */
export class IncrementalManifestParser {
  private blocks = new Map<string, ParsedBlock>();
  private entries = new Map<string, ParsedEntry>();
  /**
   * How the last text was read: the top-level blocks parsed again and reused, and of the large blocks parsed
   * entry by entry, the entries parsed again and reused; or `"whole"` (see the class).
   */
  lastParse: { reparsed: number; reused: number; entries: { reparsed: number; reused: number } } | "whole" = "whole";

  async parse(text: string, file?: string): Promise<ParsedManifest> {
    const spans = /^\s*\{/.test(text) ? undefined : topLevelBlocks(text);
    if (!spans || spans.length < 2) return this.whole(text, file);
    const yaml = await loadYaml();
    const next = new Map<string, ParsedBlock>();
    const entries = new EntryParses(yaml, this.entries);
    let reparsed = 0;
    for (const span of spans) {
      const source = text.slice(span.start, span.end);
      let block = next.get(source) ?? this.blocks.get(source);
      if (block?.entries) entries.keep(block.entries);
      if (!block) {
        block = (source.length >= ENTRY_SPLIT_CHARS ? parseByEntries(yaml, source, entries) : undefined) ?? parseBlock(yaml, source);
        if (!block) return this.whole(text, file);
        reparsed++;
      }
      next.set(source, block);
    }
    this.blocks = next;
    this.entries = entries.next;
    this.lastParse = { reparsed, reused: spans.length - reparsed, entries: { reparsed: entries.reparsed, reused: entries.reused } };
    const root = new yaml.YAMLMap();
    const offsets = new Map<string, number>();
    const entryOffsets = new Map<string, Map<string, number>>();
    for (const span of spans) {
      const block = next.get(text.slice(span.start, span.end))!;
      for (const pair of block.pairs) {
        root.items.push(pair);
        const key = String((pair.key as { value?: unknown }).value);
        if (offsets.has(key)) continue;
        offsets.set(key, span.start);
        if (block.entryStarts) entryOffsets.set(key, new Map([...block.entryStarts].map(([entry, start]) => [entry, span.start + start])));
      }
    }
    const first = next.get(text.slice(spans[0]!.start, spans[0]!.end))!.document.contents as { range?: [number, number, number] };
    if (first.range) root.range = [first.range[0], text.length, text.length];
    const document = new yaml.Document();
    document.contents = root;
    const manifest = manifestOf(spans.map((span) => next.get(text.slice(span.start, span.end))!));
    const lines = new yaml.LineCounter();
    lines.addNewLine(0);
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines.addNewLine(at + 1);
    const { SourcePositions } = await import("./source-positions.js");
    return { manifest, positions: SourcePositions.ofBlocks(document, lines, offsets, entryOffsets) };
  }

  private whole(text: string, file?: string): Promise<ParsedManifest> {
    this.blocks = new Map();
    this.entries = new Map();
    this.lastParse = "whole";
    return parseManifestSource(text, file);
  }
}

/**
 * The manifest the blocks hold, as the whole document's `toJS()` gives it: each block's pairs in their order,
 * a repeated key keeping its first place and its last value.
 */
function manifestOf(blocks: readonly ParsedBlock[]): Record<string, unknown> {
  const manifest: Record<string, unknown> = {};
  for (const block of blocks) {
    block.value ??= block.document.toJS() as Record<string, unknown>;
    for (const key of Object.keys(block.value)) {
      // `__proto__` as a key is data, as yaml's toJS makes it, never the object's prototype.
      Object.defineProperty(manifest, key, { value: block.value[key], writable: true, enumerable: true, configurable: true });
    }
  }
  return manifest;
}

/** A block's parse, or undefined when the whole text must be parsed instead (see the class). */
function parseBlock(yaml: typeof import("yaml"), source: string): ParsedBlock | undefined {
  const document = yaml.parseDocument(source, { uniqueKeys: false, keepSourceTokens: false });
  if (document.errors.length || document.warnings.length || !yaml.isMap(document.contents) || !hasNoAnchor(yaml, document)) return undefined;
  return { document, pairs: document.contents.items as Pair[] };
}

/** True when no node of the document has an anchor or is an alias (either may reach across blocks). */
function hasNoAnchor(yaml: typeof import("yaml"), document: Document): boolean {
  let shared = false;
  yaml.visit(document, (_key, node) => {
    if (!yaml.isAlias(node) && !(yaml.isNode(node) && node.anchor)) return undefined;
    shared = true;
    return yaml.visit.BREAK;
  });
  return !shared;
}

/** The entries parsed for one text: each kept from the last text while its source is the same, else parsed. */
class EntryParses {
  readonly next = new Map<string, ParsedEntry>();
  reparsed = 0;
  reused = 0;

  constructor(
    private readonly yaml: typeof import("yaml"),
    private readonly last: ReadonlyMap<string, ParsedEntry>,
  ) {}

  /**
   * The entry written as `source` in a block of `kind` and whether it was parsed now, or undefined when it is
   * not one item alone (see parseEntry).
   */
  get(source: string, kind: "seq" | "map"): { entry: ParsedEntry; parsed: boolean } | undefined {
    // An entry written twice in one text is parsed twice: each place has its own nodes.
    const kept = this.next.has(source) ? undefined : this.last.get(source);
    if (kept && (kind === "map") === (kept.key !== undefined)) {
      this.next.set(source, kept);
      return { entry: kept, parsed: false };
    }
    const entry = parseEntry(this.yaml, source, kind);
    if (!entry) return undefined;
    if (!this.next.has(source)) this.next.set(source, entry);
    return { entry, parsed: true };
  }

  /** Counts the entries of a block assembled from them. */
  count(parsed: number, reused: number): void {
    this.reparsed += parsed;
    this.reused += reused;
  }

  /** Keeps the entries of a block kept whole, for the text after this one. */
  keep(entries: ReadonlyArray<[string, ParsedEntry]>): void {
    for (const [source, entry] of entries) if (!this.next.has(source)) this.next.set(source, entry);
  }
}

/**
 * A large block parsed entry by entry (pure/yaml-block-entries.ts), assembled into the pair a whole
 * block's parse gives: its key, and a sequence or mapping of the entries' items, whose ranges count from
 * their own entry's start (`entryStarts`, by index or key). Undefined when the block does not split, an
 * entry alone is not one item, or a mapping repeats a key: the block is then parsed whole.
 */
function parseByEntries(yaml: typeof import("yaml"), source: string, parses: EntryParses): ParsedBlock | undefined {
  const split = blockEntries(source);
  if (!split) return undefined;
  const header = parseBlock(yaml, source.slice(0, split.headerEnd));
  const key = header?.pairs[0]?.key as Node | undefined;
  if (!header || header.pairs.length !== 1 || !key) return undefined;
  const collection = split.kind === "seq" ? new yaml.YAMLSeq() : new yaml.YAMLMap();
  const entryStarts = new Map<string, number>();
  const entries: Array<[string, ParsedEntry]> = [];
  let parsedNow = 0;
  const list: unknown[] = [];
  const map: Record<string, unknown> = {};
  for (const [index, span] of split.entries.entries()) {
    const text = source.slice(span.start, span.end);
    const got = parses.get(text, split.kind);
    if (!got) return undefined;
    const { entry } = got;
    if (got.parsed) parsedNow++;
    entries.push([text, entry]);
    // The collection starts where its first item does, as in a whole parse (only a range's start is read).
    if (index === 0) collection.range = [span.start + entry.collectionStart, source.length, source.length];
    (collection.items as unknown[]).push(entry.item);
    if (split.kind === "seq") {
      entryStarts.set(String(index), span.start);
      list.push(entry.value);
    } else {
      const name = String(entry.key);
      if (entryStarts.has(name)) return undefined;
      entryStarts.set(name, span.start);
      // `__proto__` as a key is data, as yaml's toJS makes it.
      Object.defineProperty(map, name, { value: entry.value, writable: true, enumerable: true, configurable: true });
    }
  }
  const pair = new yaml.Pair(key, collection);
  const contents = new yaml.YAMLMap();
  contents.items.push(pair);
  contents.range = [key.range![0], source.length, source.length];
  const document = new yaml.Document();
  document.contents = contents;
  const value: Record<string, unknown> = {};
  Object.defineProperty(value, String((key as { value?: unknown }).value), { value: split.kind === "seq" ? list : map, writable: true, enumerable: true, configurable: true });
  parses.count(parsedNow, entries.length - parsedNow);
  return { document, pairs: [pair], value, entryStarts, entries };
}

/** One entry of a block parsed alone: one sequence item or one mapping pair, with no error, warning, anchor or alias. */
function parseEntry(yaml: typeof import("yaml"), source: string, kind: "seq" | "map"): ParsedEntry | undefined {
  const document = yaml.parseDocument(source, { uniqueKeys: false, keepSourceTokens: false });
  if (document.errors.length || document.warnings.length || !hasNoAnchor(yaml, document)) return undefined;
  const contents = document.contents;
  if (kind === "seq") {
    if (!yaml.isSeq(contents) || contents.items.length !== 1) return undefined;
    return { item: contents.items[0] as Node, value: (document.toJS() as unknown[])[0], collectionStart: contents.range![0] };
  }
  if (!yaml.isMap(contents) || contents.items.length !== 1) return undefined;
  const pair = contents.items[0] as Pair;
  const value = document.toJS() as Record<string, unknown>;
  const key = (pair.key as { value?: unknown } | null)?.value;
  if (key === undefined || key === null || typeof key === "object") return undefined;
  return { item: pair, value: value[String(key)], key, collectionStart: contents.range![0] };
}
