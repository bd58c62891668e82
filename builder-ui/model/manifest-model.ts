import { Document, isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Node } from "yaml";
import { BlockDocuments } from "./block-documents.js";
import { spliceValue } from "./splice-value.js";

/** A place in the written manifest: keys and list indexes (`["definitions", "requester", "url_base"]`). */
export type Segment = string | number;

/** What is written at a place: a value a form can edit in place, a collection, an alias, or nothing. */
type WrittenKind = "scalar" | "map" | "seq" | "alias" | "absent";

/** A value a form field writes. */
export type FieldValue = string | number | boolean | null;

/**
 * The page's one model of the manifest: its text and the yaml library's Document parsed from it. Both
 * views edit it, the YAML editor by replacing the text ({@link withText}), a form by writing one value
 * at its written place ({@link setIn}); each returns a new model and the other view redraws from it.
 *
 * The text is the source of truth, so a manifest nothing was done to saves as the same bytes, and a
 * form edit replaces only the characters of the value it changes: comments, key order, quoting and
 * layout everywhere else stay as written. A new key or a whole component is spliced in as lines at
 * its place; only what the text cannot take so does the Document API serialize the document.
 *
 * @example
 * const model = ManifestModel.parse("# acme\nurl_base: https://api.acme.com # v1\n");
 * model.setIn(["url_base"], "https://api.acme.com/v2").text;
 * // "# acme\nurl_base: https://api.acme.com/v2 # v1\n"
 */
export class ManifestModel {
  private constructor(
    readonly text: string,
    private parsed: { document: Document.Parsed; lines: LineCounter; current?: () => boolean },
  ) {}

  /**
   * The model of a text. The page edits one manifest, so the text is parsed where it changed since the
   * last one ({@link BlockDocuments}: a keystroke in a 1.25 MB manifest parses its block, not 56,000
   * lines); a text it cannot split is parsed whole.
   */
  static parse(text: string): ManifestModel {
    return new ManifestModel(text, pageBlocks.assemble(text) ?? parseWhole(text));
  }

  /** The yaml Document of the text (its nodes' ranges are offsets in `text`). */
  get document(): Document.Parsed {
    return this.current().document;
  }

  /**
   * The text parsed whole, for the Document API's serialization (`clone()`, `toString()`): comments
   * before the first key and between top-level blocks belong to it, not to an assembled document.
   */
  wholeDocument(): Document.Parsed {
    if (!this.parsed.current) return this.parsed.document;
    this.parsed = parseWhole(this.text);
    return this.parsed.document;
  }

  /**
   * The whole manifest as plain data, for reading only (never change it: parts are shared between
   * models). A document assembled from blocks converts each top-level pair once, while its text stays.
   *
   * @example
   * const names = Object.keys(model.plainData() ?? {}); // ["version", "definitions", "streams", ...]
   */
  plainData(): unknown {
    const { document } = this.current();
    const pairs = isMap(document.contents) ? document.contents.items : [];
    if (!this.parsed.current || !pairs.every((pair) => isScalar(pair.key) && typeof pair.key.value === "string")) return document.toJS({ maxAliasCount: 10_000 });
    const out: Record<string, unknown> = {};
    for (const pair of pairs) {
      let value = plainPairs.get(pair);
      if (!value) plainPairs.set(pair, (value = [String((pair.key as Scalar).value), (pair.value as Node | null)?.toJSON() ?? null]));
      out[value[0]] = value[1];
    }
    return out;
  }

  /** The parse, parsed again whole when a later model moved the blocks it shares (see BlockDocuments). */
  private current(): { document: Document.Parsed; lines: LineCounter } {
    if (this.parsed.current && !this.parsed.current()) this.parsed = parseWhole(this.text);
    return this.parsed;
  }

  /** The YAML syntax errors (the validator reports them too, with their lines). */
  get syntaxErrors(): readonly string[] {
    return this.document.errors.map((e) => e.message.split("\n")[0]!);
  }

  /** The model of another text (the YAML editor's edit). */
  withText(text: string): ManifestModel {
    return text === this.text ? this : ManifestModel.parse(text);
  }

  /** The node written at `segments` (no `$ref` is followed: `segments` name a written place). */
  nodeAt(segments: readonly Segment[]): Node | undefined {
    let node: unknown = this.document.contents;
    for (const segment of segments) {
      if (isAlias(node)) node = node.resolve(this.document);
      if (isMap(node)) node = node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === String(segment))?.value;
      else if (isSeq(node) && typeof segment === "number") node = node.items[segment];
      else return undefined;
      if (node === undefined || node === null) return undefined;
    }
    return node as Node;
  }

  kindAt(segments: readonly Segment[]): WrittenKind {
    const node = this.nodeAt(segments);
    if (node === undefined) return "absent";
    if (isAlias(node)) return "alias";
    if (isMap(node)) return "map";
    if (isSeq(node)) return "seq";
    return "scalar";
  }

  /** The written value at `segments` as plain data (undefined when absent). */
  valueAt(segments: readonly Segment[]): unknown {
    const node = this.nodeAt(segments);
    if (node === undefined) return undefined;
    return isScalar(node) ? node.value : node.toJSON();
  }

  /** The 1-based line where `segments` is written, for "show in YAML". */
  lineOf(segments: readonly Segment[]): number | undefined {
    const range = this.nodeAt(segments)?.range;
    return range ? this.current().lines.linePos(range[0]).line : undefined;
  }

  /**
   * A model with `value` written at `segments`. A scalar already written there is replaced in the
   * text, keeping its quoting style where the value allows it; a place that does not exist yet, a list
   * or a map (Detect's paginator) is spliced into the text there ({@link spliceValue}); only what the
   * text cannot take so (a key added to a flow map) goes through the Document API, which re-serializes.
   */
  setIn(segments: readonly Segment[], value: FieldValue | readonly unknown[] | Readonly<Record<string, unknown>>): ManifestModel {
    const node = this.nodeAt(segments);
    if (isScalar(node) && node.range) {
      const [start, end] = node.range;
      const written = this.text.slice(start, end);
      // A block scalar's range ends with its line break(s): they stay, so the next line stays where it is.
      const trailing = /\s*$/.exec(written)![0];
      const styles = typeof value === "object" && value !== null ? [] : String(node.type).startsWith("BLOCK") || written.includes("\n") ? [] : [scalarSource(value, node.type)];
      if (typeof value === "string") styles.push(JSON.stringify(value));
      for (const source of styles) {
        const next = ManifestModel.parse(this.text.slice(0, start) + source + trailing + this.text.slice(end));
        if (next.document.errors.length === 0 && Object.is(next.valueAt(segments), value)) return next;
      }
    }
    const spliced = spliceValue(this, segments, value);
    if (spliced) return spliced;
    const document = this.wholeDocument().clone();
    document.setIn([...segments], value);
    return ManifestModel.parse(document.toString({ lineWidth: 0, flowCollectionPadding: false }));
  }
}

/** The one parse of the page's manifest by blocks (the page edits one manifest at a time). */
const pageBlocks = new BlockDocuments();
/** A block's top-level pair as plain data, once per pair (a pair is reused while its block's text stays). */
const plainPairs = new WeakMap<object, [string, unknown]>();

function parseWhole(text: string): { document: Document.Parsed; lines: LineCounter } {
  const lines = new LineCounter();
  return { document: parseDocument(text, { lineCounter: lines, uniqueKeys: false, keepSourceTokens: false }), lines };
}

/** A scalar as YAML source, in the given style when the value can be written so (else the stringifier picks one). */
function scalarSource(value: FieldValue, type: Scalar["type"]): string {
  const scalar = new Scalar(value);
  if (typeof value === "string" && type) scalar.type = type;
  return new Document(scalar).toString({ lineWidth: 0 }).replace(/\n$/, "");
}
