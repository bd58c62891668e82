import type { Document, Pair } from "yaml";
import { topLevelBlocks } from "../../pure/yaml-top-level-blocks.js";
import { loadYaml } from "../../sdk/plugin/load-yaml.js";
import { parseManifestSource } from "./parse-manifest-text.js";
import { ENTRY_SPLIT_CHARS } from "../../pure/yaml-block-entries.js";
import { EntryParses, hasNoAnchor, parseSplit, type EntryStarts, type ParsedEntry } from "./block-entry-parses.js";
import type { OffsetTree, SourcePositions } from "./source-positions.js";

/** One top-level block of a manifest's text (a key at column 0 and the lines under it), parsed on its own. */
interface ParsedBlock {
  document: Document;
  /** The block's own top-level pairs (usually one). */
  pairs: Pair[];
  /** The block as plain data, made the first time a text holding it is read and kept with it. */
  value?: Record<string, unknown>;
  /** For a block parsed entry by entry: its entries, and where each starts in the block. */
  split?: { entryStarts: EntryStarts; entries: Array<[string, ParsedEntry]> };
}

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
 * A block of 8 KB or more is parsed entry by entry (block-entry-parses.ts: each stream of `streams:`, each
 * key of `definitions:`, and a large entry's own entries in turn), so a keystroke in a manifest whose
 * `streams:` block is 9,900 lines parses the stream it is in. Where an entry alone could read differently
 * (an error, an anchor, a repeated key), its block is parsed as one, as above.
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
      if (block?.split) entries.keep(block.split.entries);
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
    const offsets = new Map<string, OffsetTree>();
    for (const span of spans) {
      const block = next.get(text.slice(span.start, span.end))!;
      for (const pair of block.pairs) {
        root.items.push(pair);
        const key = String((pair.key as { value?: unknown }).value);
        if (!offsets.has(key)) offsets.set(key, { start: span.start, entries: block.split && placed(span.start, block.split.entryStarts) });
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
    return { manifest, positions: SourcePositions.ofBlocks(document, lines, offsets) };
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

/** A large block parsed entry by entry (see block-entry-parses.ts), as a block: undefined when it does not split. */
function parseByEntries(yaml: typeof import("yaml"), source: string, parses: EntryParses): ParsedBlock | undefined {
  const split = parseSplit(yaml, source, parses);
  if (!split) return undefined;
  parses.reparsed += split.reparsed;
  parses.reused += split.entries.length - split.reparsed;
  const key = split.pair.key as { value?: unknown; range?: [number, number, number] };
  const contents = new yaml.YAMLMap();
  contents.items.push(split.pair);
  contents.range = [key.range![0], source.length, source.length];
  const document = new yaml.Document();
  document.contents = contents;
  const value: Record<string, unknown> = {};
  // `__proto__` as a key is data, as yaml's toJS makes it.
  Object.defineProperty(value, String(key.value), { value: split.value, writable: true, enumerable: true, configurable: true });
  return { document, pairs: [split.pair], value, split: { entryStarts: split.entryStarts, entries: split.entries } };
}

/** Entry starts counted from what holds them, as offsets in the text: `at` is where that starts. */
function placed(at: number, starts: EntryStarts): Map<string, OffsetTree> {
  const trees = new Map<string, OffsetTree>();
  for (const [name, { start, entries }] of starts) trees.set(name, { start: at + start, entries: entries && placed(at + start, entries) });
  return trees;
}
