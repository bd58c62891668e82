import { Document, isMap, LineCounter, parseDocument, YAMLMap, type Node, type Pair } from "yaml";
import { topLevelBlocks } from "../../pure/yaml-top-level-blocks.js";
import { ENTRY_SPLIT_CHARS } from "../../pure/yaml-block-entries.js";
import { EntryDocuments, type Placement } from "./entry-documents.js";
import { hasAnchorOrAlias, shiftRanges } from "./yaml-nodes.js";

/** One top-level block's parse, its nodes' ranges counted in the text it was last placed in. */
interface Block {
  source: string;
  pairs: Pair[];
  /** Where the block starts in that text: its nodes' ranges include it. */
  offset: number;
}

/** A document assembled from blocks, with what tells whether its nodes still hold its text's offsets. */
export interface AssembledDocument {
  document: Document.Parsed;
  lines: LineCounter;
  /** True while no later assembly moved one of its blocks (moving shifts the shared nodes' ranges). */
  current(): boolean;
}

/**
 * The page's parse of the manifest as the author types: the yaml Document of a text, assembled from
 * its top-level blocks (pure/yaml-top-level-blocks.ts), each parsed once and reused while its text is
 * the same. A block an edit moved (every block below the edited one) keeps its nodes; their ranges are
 * shifted to its new place, which is much cheaper than parsing it again: a keystroke in `definitions:` of
 * a 1.25 MB manifest whose inline schemas take 55,000 lines parses 440 lines. A block of 8 KB or more is
 * assembled from its entries (entry-documents.ts: each stream of `streams:`, each key of `definitions:`,
 * a large entry's own entries in turn), so a keystroke in a 9,900-line `streams:` parses one stream.
 *
 * The document is the one a whole parse gives (the same values, keys and ranges); what a block alone
 * could read differently is undefined here (see topLevelBlocks; a block with an error, a warning, an
 * anchor or an alias), and the caller parses the whole text. Shifting changes nodes a previous document
 * shares, so an assembled document answers `current()` false once a later one moved its blocks; the
 * model then parses its text whole before reading it again.
 *
 * @example
 * const blocks = new BlockDocuments();
 * blocks.assemble(text)?.document; // every block parsed
 * blocks.assemble(text.replace("page_size: 50", "page_size: 100")); // only the edited block parsed
 */
export class BlockDocuments {
  private blocks = new Map<string, Block>();
  private readonly entries = new EntryDocuments();

  assemble(text: string): AssembledDocument | undefined {
    const spans = /^\s*\{/.test(text) ? undefined : topLevelBlocks(text);
    if (!spans || spans.length < 2) return undefined;
    const next = new Map<string, Block>();
    const used: Array<{ block: Block; offset: number }> = [];
    const placements: Placement[] = [];
    this.entries.begin();
    for (const { start, end } of spans) {
      const source = text.slice(start, end);
      // A block written twice in one text is parsed twice: one node can only hold one place.
      let block = next.has(source) ? undefined : this.blocks.get(source);
      if (!block && source.length >= ENTRY_SPLIT_CHARS) {
        // Assembled again at each text from its entries, each kept while its text is the same.
        const split = this.entries.assemble(source, start, placements);
        if (split) {
          used.push({ block: { source, pairs: [split.pair], offset: start }, offset: start });
          continue;
        }
      }
      if (!block) {
        const parsed = parseBlock(source);
        if (!parsed) return undefined;
        block = { source, pairs: parsed, offset: 0 };
      }
      if (block.offset !== start) for (const pair of block.pairs) shiftRanges(pair, start - block.offset);
      block.offset = start;
      if (!next.has(source)) next.set(source, block);
      used.push({ block, offset: start });
    }
    this.blocks = next;
    this.entries.end();
    const current = () => used.every(({ block, offset }) => block.offset === offset) && placements.every(({ entry, offset }) => entry.offset === offset);
    return { document: assembled(used.flatMap(({ block }) => block.pairs), text), lines: lineCounter(text), current };
  }
}

/** A block's pairs, or undefined when it must be parsed with the whole text (an error, a warning, an anchor, an alias). */
function parseBlock(source: string): Pair[] | undefined {
  const document = parseDocument(source, { uniqueKeys: false, keepSourceTokens: false });
  if (document.errors.length || document.warnings.length || !isMap(document.contents) || hasAnchorOrAlias(document)) return undefined;
  return document.contents.items as Pair[];
}

/** The root mapping of the blocks' pairs, its range from its first key to the end of its last node, as a whole parse gives. */
function assembled(pairs: Pair[], text: string): Document.Parsed {
  const root = new YAMLMap();
  root.items = pairs;
  const first = (pairs[0]?.key as Node | undefined)?.range?.[0] ?? 0;
  const lastValue = (pairs.at(-1)?.value ?? pairs.at(-1)?.key) as Node | undefined;
  const end = lastValue?.range?.[2] ?? text.length;
  root.range = [first, end, end];
  const document = new Document();
  document.contents = root;
  return document as Document.Parsed;
}

/** The line starts of a text, as the parser's LineCounter records them. */
function lineCounter(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines.addNewLine(at + 1);
  return lines;
}
