import { isMap, isScalar, isSeq, type Node } from "yaml";
import type { ManifestModel, Segment } from "./manifest-model.js";
import { endOfLine, expectedJson, lineStart, readsAs } from "./text-places.js";

/**
 * Removes what is written at `segments` (a key of a map with its value, an item of a list) from the
 * text, changing only those characters: a block entry loses its lines (its trailing comment with it;
 * a comment on the lines above stays), a flow entry its characters and one comma. Every other byte
 * stays. Undefined when the text cannot lose it so (the first key of a list item, the last entry of a
 * block collection): the caller then serializes the document. The result is checked by parsing it: the
 * whole document must read as the Document API's removal would.
 *
 * @example
 * spliceRemoval(ManifestModel.parse("r:\n  a: 1\n  paginator:\n    type: X # old\n  b: 2\n"), ["r", "paginator"])?.text
 * // "r:\n  a: 1\n  b: 2\n"
 */
export function spliceRemoval(model: ManifestModel, segments: readonly Segment[]): ManifestModel | undefined {
  if (segments.length === 0) return undefined;
  const parent = model.nodeAt(segments.slice(0, -1));
  const key = segments.at(-1)!;
  const text = model.text;
  let span: [number, number] | undefined;
  if (isMap(parent)) {
    const index = parent.items.findIndex((p) => isScalar(p.key) && String(p.key.value) === String(key));
    const entries = parent.items.map((pair) => ({ start: (pair.key as Node | null)?.range?.[0], end: ((pair.value as Node | null) ?? (pair.key as Node | null))?.range }));
    span = index < 0 ? undefined : entrySpan(text, parent.flow ?? false, entries, index);
  } else if (isSeq(parent) && typeof key === "number") {
    const entries = parent.items.map((item) => ({ start: (item as Node | null)?.range?.[0], end: (item as Node | null)?.range }));
    span = key < entries.length ? entrySpan(text, parent.flow ?? false, entries, key, true) : undefined;
  }
  if (!span) return undefined;
  const edited = model.withText(text.slice(0, span[0]) + text.slice(span[1]));
  return readsAs(edited, expectedJson(model, segments, { remove: true })) ? edited : undefined;
}

interface Entry {
  start: number | undefined;
  end: readonly number[] | null | undefined;
}

/** The characters entry `index` takes: its whole lines in a block collection, itself and a comma in a flow one. */
function entrySpan(text: string, flow: boolean, entries: readonly Entry[], index: number, item = false): [number, number] | undefined {
  const entry = entries[index]!;
  if (entry.start === undefined || !entry.end) return undefined;
  if (flow) {
    const previous = entries[index - 1]?.end?.[1];
    if (previous !== undefined) return [previous, entry.end[1]!]; // `, b: 2`
    const next = entries[index + 1]?.start;
    return [entry.start, next ?? entry.end[1]!]; // `a: 1, ` (or the only entry)
  }
  if (entries.length === 1) return undefined; // a block collection left empty would read as null, not {} or []
  const from = lineStart(text, entry.start);
  // A map's key starts its line; a list item follows its `- `. The first key of a list item shares the dash's line.
  const before = text.slice(from, entry.start);
  if (!(item ? /^\s*-\s+$/ : /^\s*$/).test(before)) return undefined;
  return [from, endOfLine(text, entry.end[2] ?? entry.end[1]!)];
}
