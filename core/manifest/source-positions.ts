import { readFile } from "node:fs/promises";
import { Document, isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from "yaml";
import { renderPath, splitPath } from "../../pure/manifest-path.js";
import { pointerKeys } from "../../pure/json-pointer.js";

/** A place in a manifest file (1-based, as editors count; absent for a manifest given as an object). */
interface SourcePosition {
  line?: number;
  column?: number;
  /** The path in the file where the value is written (differs from the asked path when a `$ref` led elsewhere). */
  sourcePath: string;
  /** True when the asked path is not written in the file: the place is its nearest written ancestor's. */
  partial?: boolean;
}

type Segment = string | number;

/**
 * Maps manifest paths of the resolved manifest back to `line:column` in the YAML (or JSON) text it
 * came from, through `$ref` objects, `#/definitions/...` strings and YAML aliases: a problem at
 * `streams[0].retriever.requester.url_base` is shown where `url_base` is written, in
 * `definitions.requester` when the stream's requester is a reference.
 *
 * @example
 * const positions = SourcePositions.parse(text);
 * positions.locate("streams[0].retriever.paginator.page_size"); // { line: 14, column: 9, sourcePath: "..." }
 * positions.locate("streams[0].retriever.paginator.stop_conditon", { key: true }); // where the key is written
 */
/** Where the ranges of a part of a document parsed apart count from in the text, and those of its own parts parsed apart, by index or key. */
export interface OffsetTree {
  start: number;
  entries?: ReadonlyMap<string, OffsetTree>;
}

export class SourcePositions {
  private constructor(
    private readonly document: Document,
    private readonly lines?: LineCounter,
    /** For a document assembled from top-level blocks parsed apart: where each top-level key's block starts in the text. */
    private readonly blockOffsets?: ReadonlyMap<string, OffsetTree>,
  ) {}

  /** Each step of a walk from the root, by the path walked so far (null: not written there). */
  private readonly steps = new Map<string, { node: unknown; path: Segment[]; pair?: Pair } | null>();

  static parse(text: string): SourcePositions {
    const lines = new LineCounter();
    const document = parseDocument(text, { lineCounter: lines, uniqueKeys: false, keepSourceTokens: false });
    return new SourcePositions(document, lines);
  }

  /** The source map of a document already parsed (with its line counter), so a text is parsed once. */
  static of(document: Document, lines: LineCounter): SourcePositions {
    return new SourcePositions(document, lines);
  }

  /**
   * The source map of a document assembled from top-level blocks parsed one by one (see
   * IncrementalManifestParser): each node's range counts from its block's start, `blockOffsets[key].start`;
   * in a block parsed entry by entry, from its entry's start, `.entries[index or key].start`, and so on down.
   */
  static ofBlocks(document: Document, lines: LineCounter, blockOffsets: ReadonlyMap<string, OffsetTree>): SourcePositions {
    return new SourcePositions(document, lines, blockOffsets);
  }

  /** For a manifest given as an object: paths are traced through references, without lines. */
  static ofObject(manifest: Record<string, unknown>): SourcePositions {
    return new SourcePositions(new Document(manifest));
  }

  /** Where the value at `path` is written (with `key`, where its key is); the nearest written ancestor when the path is not in the file. */
  locate(path: string, options: { key?: boolean } = {}): SourcePosition | undefined {
    const { segments, line, column, partial } = this.locateSegments(splitPath(path), options);
    const found = partial ? { sourcePath: renderPath(segments), partial } : { sourcePath: renderPath(segments) };
    return line === undefined ? found : { line, column, ...found };
  }

  /**
   * {@link locate} of a path given as its segments, answering the written place's segments: what a caller
   * that probes many paths uses (the Builder's field origins), with no path text made or read per probe.
   * The answer's `segments` are the map's own, shared with later answers: copy them to change them.
   */
  locateSegments(target: readonly Segment[], options: { key?: boolean } = {}): { segments: Segment[]; line?: number; column?: number; partial?: boolean } {
    let node: unknown = this.document.contents;
    let sourcePath: Segment[] = [];
    let best: { node: unknown; path: Segment[] } = { node, path: [] };
    let partial = false;
    let prefix = "";
    for (let i = 0; i < target.length; i++) {
      const segment = target[i]!;
      const last = i === target.length - 1;
      // The Builder asks for hundreds of paths per analysis, most sharing their first steps: each walked once.
      prefix += typeof segment === "number" ? `\u0000#${segment}` : `\u0000.${segment}`;
      let step = this.steps.get(prefix);
      if (step === undefined) this.steps.set(prefix, (step = this.step(node, sourcePath, segment) ?? null));
      if (!step) {
        partial = true;
        break;
      }
      node = step.node;
      sourcePath = step.path;
      best = { node: last && options.key ? step.pair?.key ?? node : node, path: sourcePath };
    }
    if (!partial && !options.key) {
      // A value that is itself a `#/...` reference is written where it points.
      for (let hops = 0; hops < 32; hops++) {
        const value = this.deref(best.node);
        if (!isScalar(value) || typeof value.value !== "string" || !value.value.startsWith("#/")) break;
        const target = this.pointer(value.value);
        if (!target) break;
        best = target;
        sourcePath = target.path;
      }
    }
    const range = (best.node as Node | undefined)?.range;
    const found = partial ? { segments: sourcePath, partial } : { segments: sourcePath };
    if (!range || !this.lines) return found;
    const offset = sourcePath.length && this.blockOffsets ? this.offsetOf(sourcePath) : 0;
    const { line, col } = this.lines.linePos(range[0] + offset);
    return { line, column: col, ...found };
  }

  /** Where the ranges of the node written at `path` count from (see {@link ofBlocks}). */
  private offsetOf(path: readonly Segment[]): number {
    let tree = this.blockOffsets?.get(String(path[0]));
    let offset = tree?.start ?? 0;
    for (let i = 1; i < path.length && tree?.entries; i++) {
      tree = tree.entries.get(String(path[i]));
      if (tree) offset = tree.start;
    }
    return offset;
  }

  /** One segment down from `node`, following references first. */
  private step(start: unknown, path: Segment[], segment: Segment): { node: unknown; path: Segment[]; pair?: Pair } | undefined {
    let node = this.deref(start);
    let at = path;
    for (let hops = 0; hops < 32; hops++) {
      if (isScalar(node) && typeof node.value === "string" && node.value.startsWith("#/")) {
        const target = this.pointer(node.value);
        if (!target) return undefined;
        node = target.node;
        at = target.path;
        continue;
      }
      if (isSeq(node) && typeof segment === "number") {
        const item = node.items[segment];
        return item === undefined ? undefined : { node: this.deref(item), path: [...at, segment] };
      }
      if (!isMap(node)) return undefined;
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (pair) return { node: this.deref(pair.value), path: [...at, segment], pair };
      const ref = node.items.find((p) => isScalar(p.key) && p.key.value === "$ref");
      if (!ref || !isScalar(ref.value) || typeof ref.value.value !== "string") return undefined;
      const target = this.pointer(ref.value.value);
      if (!target) return undefined;
      node = target.node;
      at = target.path;
    }
    return undefined;
  }

  /** The node a `#/a/b` pointer names, with its path. */
  private pointer(reference: string): { node: unknown; path: Segment[] } | undefined {
    const segments = pointerKeys(reference);
    let node: unknown = this.document.contents;
    let path: Segment[] = [];
    for (const raw of segments) {
      const segment: Segment = isSeq(this.deref(node)) && /^\d+$/.test(raw) ? Number(raw) : raw;
      const step = this.step(node, path, segment);
      if (!step) return undefined;
      ({ node, path } = step);
    }
    return { node, path };
  }

  private deref(node: unknown): unknown {
    return isAlias(node) ? node.resolve(this.document) : node;
  }
}

/**
 * `file:line:column` of a manifest path, or the file alone when the place is unknown.
 *
 * @example
 * formatLocation("manifest.yaml", positions.locate("streams[0]")) // "manifest.yaml:12:5"
 */
export function formatLocation(file: string | undefined, position: SourcePosition | undefined): string {
  const name = file ?? "(manifest)";
  return position?.line !== undefined ? `${name}:${position.line}:${position.column}` : name;
}

/**
 * The positions of a loaded manifest: from its file's text when it is YAML or JSON, else (a
 * `sluice.config.ts`, a manifest object) from the object itself, with paths but no lines.
 *
 * @example
 * const positions = await sourcePositionsOf(loaded);
 */
export async function sourcePositionsOf(source: { file?: string; manifest: Record<string, unknown> }): Promise<SourcePositions> {
  const { file } = source;
  if (file && /\.(ya?ml|json)$/i.test(file) && !/package\.json$/.test(file)) {
    try {
      return SourcePositions.parse(await readFile(file, "utf8"));
    } catch {
      // Unreadable now: fall back to the object.
    }
  }
  return SourcePositions.ofObject(source.manifest);
}

/** A finding placed in the source: where it is written, and its path there. */
type Located<T> = T & { position: SourcePosition };

/**
 * Places findings (problems, warnings) in the source and keeps one per written place: a typo in a
 * shared definition that ten streams reference is one warning, at the definition.
 *
 * @example
 * locateFindings(positions, warnings).map((w) => `${w.position.line}:${w.position.column} ${w.message}`);
 */
export function locateFindings<T extends { path: string; message: string }>(positions: SourcePositions, findings: readonly T[], options: { key?: boolean } = {}): Array<Located<T>> {
  const seen = new Set<string>();
  const out: Array<Located<T>> = [];
  for (const finding of findings) {
    const position = positions.locate(finding.path, options) ?? { sourcePath: finding.path };
    const identity = `${position.sourcePath}|${position.line}|${position.column}|${finding.message}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    out.push({ ...finding, position });
  }
  return out;
}
