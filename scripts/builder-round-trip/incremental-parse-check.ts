import { isDeepStrictEqual } from "node:util";
import { isMap, isNode, isPair, isScalar, isSeq, parseDocument } from "yaml";
import { BlockDocuments } from "../../builder-ui/model/block-documents.js";
import { IncrementalManifestParser } from "../../core/manifest/incremental-manifest-parser.js";
import { parseManifestSource } from "../../core/manifest/parse-manifest-text.js";
import { joinPath } from "../../pure/manifest-path.js";
import { checkQuickYaml, quickYamlTally, type QuickYamlTally } from "./quick-yaml-check.js";

/** How the Builder's incremental parser fared over the corpus. */
export interface IncrementalParseTally {
  texts: number;
  byBlocks: number;
  same: number;
  blocksReparsed: number;
  blocksReused: number;
  /** Of the large blocks parsed entry by entry, the entries parsed and reused. */
  entriesReparsed: number;
  entriesReused: number;
  /** The page's parse of the same texts (builder-ui/model/block-documents.ts): texts assembled from blocks, and those with every node the same as a whole parse's. */
  pageAssembled: number;
  pageSame: number;
  /** The same texts read by the CLI's quick YAML reader, against the whole parse. */
  quick: QuickYamlTally;
  failures: string[];
}

export function incrementalParseTally(): IncrementalParseTally {
  return { texts: 0, byBlocks: 0, same: 0, blocksReparsed: 0, blocksReused: 0, entriesReparsed: 0, entriesReused: 0, pageAssembled: 0, pageSame: 0, quick: quickYamlTally(), failures: [] };
}

/** At most this many paths of a manifest are located both ways (the largest have tens of thousands), spread over the whole manifest. */
const MAX_PATHS = 3000;

/**
 * The texts of one manifest as the Builder's analysis sees them (the file, then each edit of the round
 * trip), read by one IncrementalManifestParser and by a whole parse: the same manifest, key order
 * included, and every value and key (up to MAX_PATHS) at the same line and column.
 *
 * @example
 * await checkIncrementalParse("source-acme.yaml", [text, editedText], tally);
 */
export async function checkIncrementalParse(name: string, texts: readonly string[], tally: IncrementalParseTally): Promise<void> {
  const parser = new IncrementalManifestParser();
  const pageBlocks = new BlockDocuments();
  for (const [index, text] of texts.entries()) {
    tally.texts++;
    const label = `${name}${index ? ` (edit ${index})` : ""}`;
    checkPageBlocks(label, text, pageBlocks, tally);
    const whole = await parseManifestSource(text).catch(() => undefined);
    const blocks = await parser.parse(text).catch(() => undefined);
    if (!whole || !blocks) {
      if (whole || blocks) tally.failures.push(`${label}: parsed ${whole ? "whole but not by blocks" : "by blocks but not whole"}`);
      else tally.same++;
      continue;
    }
    await checkQuickYaml(label, text, whole.manifest, tally.quick);
    if (parser.lastParse !== "whole") {
      tally.byBlocks++;
      tally.blocksReparsed += parser.lastParse.reparsed;
      tally.blocksReused += parser.lastParse.reused;
      tally.entriesReparsed += parser.lastParse.entries.reparsed;
      tally.entriesReused += parser.lastParse.entries.reused;
    }
    if (!isDeepStrictEqual(blocks.manifest, whole.manifest) || !isDeepStrictEqual(Object.keys(blocks.manifest), Object.keys(whole.manifest))) {
      tally.failures.push(`${label}: parsed by blocks, the manifest differs from the whole parse`);
      continue;
    }
    const differing = spread(paths(whole.manifest)).find((path) => [false, true].some((key) => !isDeepStrictEqual(blocks.positions.locate(path, { key }), whole.positions.locate(path, { key }))));
    if (differing === undefined) tally.same++;
    else tally.failures.push(`${label}: parsed by blocks, ${differing} is placed elsewhere than by the whole parse`);
  }
}

/**
 * The page's parse by blocks against a whole parse of the same text: every node's kind, full range and
 * scalar value (what the page's splices read), and the plain data.
 */
function checkPageBlocks(label: string, text: string, blocks: BlockDocuments, tally: IncrementalParseTally): void {
  const assembled = blocks.assemble(text);
  if (!assembled) return;
  tally.pageAssembled++;
  const whole = parseDocument(text, { uniqueKeys: false, keepSourceTokens: false });
  const mine = shape(assembled.document.contents);
  const theirs = shape(whole.contents);
  const at = mine.findIndex((node, i) => !isDeepStrictEqual(node, theirs[i]));
  if (at === -1 && mine.length === theirs.length && isDeepStrictEqual(assembled.document.toJS(), whole.toJS())) tally.pageSame++;
  else tally.failures.push(`${label}: the page's parse by blocks differs from a whole parse${at === -1 ? "" : ` at node ${at}: ${JSON.stringify(mine[at])} against ${JSON.stringify(theirs[at])}`}`);
}

/**
 * Every node's kind, range and scalar value, depth first: what the page's edits read from a document.
 *
 * @example
 * assert.deepEqual(shape(assembled.document.contents), shape(parseDocument(text).contents));
 */
export function shape(node: unknown, out: unknown[] = []): unknown[] {
  if (isPair(node)) return shape(node.value, shape(node.key, out));
  if (!isNode(node)) return out;
  out.push([node.constructor.name, node.range, isScalar(node) ? node.value : undefined]);
  if (isMap(node) || isSeq(node)) for (const item of node.items) shape(item, out);
  return out;
}

export function incrementalParseSummary(tally: IncrementalParseTally): string {
  return `  The page's parse (builder-ui/model/block-documents.ts): ${tally.pageSame}/${tally.pageAssembled} texts assembled from blocks give every node the same kind, range and value as a whole parse\n` +
    `  Incremental parse (the Builder's analysis): ${tally.same}/${tally.texts} texts read the same as a whole parse, ${tally.byBlocks} of them by blocks (${tally.blocksReparsed} blocks parsed, ${tally.blocksReused} reused; of the large blocks read entry by entry, ${tally.entriesReparsed} entries parsed, ${tally.entriesReused} reused)`;
}

/** At most MAX_PATHS of the paths, evenly spaced, the first and the last included. */
function spread(all: readonly string[]): readonly string[] {
  if (all.length <= MAX_PATHS) return all;
  return Array.from({ length: MAX_PATHS }, (_, i) => all[Math.round((i * (all.length - 1)) / (MAX_PATHS - 1))]!);
}

/** The manifest paths of a value's nodes, depth first. */
function paths(value: unknown, prefix = "", out: string[] = []): string[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, joinPath(prefix, i), out));
  else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) paths(item, joinPath(prefix, key), out);
  return out;
}
