import type { Document, Pair } from "yaml";
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
  /** How the last text was read: the top-level blocks parsed again, or `"whole"` (see the class). */
  lastParse: { reparsed: number; reused: number } | "whole" = "whole";

  async parse(text: string, file?: string): Promise<ParsedManifest> {
    const spans = /^\s*\{/.test(text) ? undefined : topLevelBlocks(text);
    if (!spans || spans.length < 2) return this.whole(text, file);
    const yaml = await loadYaml();
    const next = new Map<string, ParsedBlock>();
    let reparsed = 0;
    for (const span of spans) {
      const source = text.slice(span.start, span.end);
      let block = next.get(source) ?? this.blocks.get(source);
      if (!block) {
        block = parseBlock(yaml, source);
        if (!block) return this.whole(text, file);
        reparsed++;
      }
      next.set(source, block);
    }
    this.blocks = next;
    this.lastParse = { reparsed, reused: spans.length - reparsed };
    const root = new yaml.YAMLMap();
    const offsets = new Map<string, number>();
    for (const span of spans) {
      const block = next.get(text.slice(span.start, span.end))!;
      for (const pair of block.pairs) {
        root.items.push(pair);
        const key = String((pair.key as { value?: unknown }).value);
        if (!offsets.has(key)) offsets.set(key, span.start);
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
  if (document.errors.length || document.warnings.length || !yaml.isMap(document.contents)) return undefined;
  let shared = false;
  yaml.visit(document, (_key, node) => {
    if (!yaml.isAlias(node) && !(yaml.isNode(node) && node.anchor)) return undefined;
    shared = true;
    return yaml.visit.BREAK;
  });
  if (shared) return undefined;
  return { document, pairs: document.contents.items as Pair[] };
}
