import { Document, isMap, isScalar, isSeq, visit, type Node, type YAMLMap, type YAMLSeq } from "yaml";
import type { ManifestModel, Segment } from "./manifest-model.js";
import { endOfLine, expectedJson, indentAt, indentUnit, lineStart, readsAs } from "./text-places.js";

/**
 * Writes a value (a scalar, a list, a map: a whole component) into the text at its place, changing only
 * those lines: a written value's characters are replaced (a one-line value by a block, under its key),
 * a missing key is added as the last key of its block map at that map's indentation, a new item as the
 * last item of its block list. Every other byte stays. Undefined when the text cannot take it so (a flow
 * map to add to, a parent that is not written): the caller then serializes the document. The result is
 * checked by parsing it: the whole document must read as the Document API's edit would.
 *
 * @example
 * spliceValue(ManifestModel.parse("a:\n  b: 1 # one\nc: { x: 1 }\n"), ["a", "p"], { type: "NoPagination" })?.text
 * // "a:\n  b: 1 # one\n  p:\n    type: NoPagination\nc: { x: 1 }\n"
 */
export function spliceValue(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel | undefined {
  if (segments.length === 0) return undefined;
  const node = model.nodeAt(segments);
  const parent = model.nodeAt(segments.slice(0, -1));
  const key = segments.at(-1)!;
  const next = node?.range ? replaced(model.text, node, parent, key, value) : isMap(parent) ? addedKey(model.text, parent, key, value) : isSeq(parent) ? addedItem(model.text, parent, key, value) : undefined;
  if (next === undefined) return undefined;
  const edited = model.withText(next);
  return readsAs(edited, expectedJson(model, segments, { value })) ? edited : undefined;
}

/** The text with the written `node` replaced by `value`: in place when it renders on one line, else as a block under its key. */
function replaced(text: string, node: Node, parent: Node | undefined, key: Segment, value: unknown): string | undefined {
  const [start, end] = node.range!;
  const written = text.slice(start, end);
  // A block collection's (or block scalar's) range ends with its line break(s): they stay, so the next line stays where it is.
  const trailing = /\s*$/.exec(written)![0];
  // A flow collection stays one: replaced by the value in flow style when that is a short line.
  if ((isMap(node) || isSeq(node)) && node.flow && typeof value === "object" && value !== null) {
    const flow = render(value, "", 2, { padding: /^[[{] /.test(written) });
    if (!flow.includes("\n") && start - lineStart(text, start) + flow.length <= 120) return text.slice(0, start) + flow + trailing + text.slice(end);
  }
  const unit = indentUnit(text);
  const block = render(value, indentAt(text, start), unit);
  // A scalar or a flow collection fits on the line; a block goes where the old value started when
  // that is on its own line (under its key) or after a list's `- `.
  const inline = !block.includes("\n") && (typeof value !== "object" || value === null || /^[[{]/.test(block));
  const onItsOwnLine = text.slice(lineStart(text, start), start).trim() === "";
  const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key)) : undefined;
  const keyRange = (pair?.key as Node | undefined)?.range;
  // A block under its key becoming one line (`{}`, a scalar): written after the key, the block's lines gone.
  if (inline && onItsOwnLine && keyRange && /^[ \t]*\n\s*$/.test(text.slice(keyRange[1] + 1, start)) && text[keyRange[1]] === ":") {
    return `${text.slice(0, keyRange[1] + 1)} ${block}${trailing.includes("\n") ? "\n" : trailing}${text.slice(end)}`;
  }
  if (inline || onItsOwnLine || isSeq(parent)) return text.slice(0, start) + block + trailing + text.slice(end);
  // After `key: ` on the key's line: the block goes on the next lines, indented under the key.
  if (!keyRange || !/^\s*:\s*$/.test(text.slice(keyRange[1], start))) return undefined; // an anchor, a tag or a comment between
  const colon = text.indexOf(":", keyRange[1]) + 1;
  const indent = " ".repeat(keyRange[0] - lineStart(text, keyRange[0]) + unit);
  return `${text.slice(0, colon)}\n${indent}${render(value, indent, unit)}${trailing}${text.slice(end)}`;
}

/** The text with `key: value` added after the last key of a block map, at its indentation. */
function addedKey(text: string, map: YAMLMap, key: Segment, value: unknown): string | undefined {
  if (map.flow || map.items.length === 0 || typeof key !== "string") return undefined;
  const first = map.items[0]!.key as Node;
  // The first key starts its line, or follows a list's `- ` (the map is a list item).
  if (!first.range || !/^\s*(-\s+)?$/.test(text.slice(lineStart(text, first.range[0]), first.range[0]))) return undefined;
  const last = map.items.at(-1)!;
  const at = afterLast(text, (last.value as Node | null) ?? (last.key as Node));
  if (at === undefined) return undefined;
  const indent = " ".repeat(first.range[0] - lineStart(text, first.range[0]));
  return insertLines(text, at, `${indent}${render({ [key]: value }, indent, indentUnit(text))}`);
}

/** The text with `value` added as the last item of a block list (`- ` at the items' indentation). */
function addedItem(text: string, seq: YAMLSeq, index: Segment, value: unknown): string | undefined {
  if (seq.flow || seq.items.length === 0 || index !== seq.items.length) return undefined;
  const first = seq.items[0] as Node | null;
  if (!first?.range) return undefined;
  // The new item starts as the first one does (`- `, `-   `), its lines aligned after that.
  const dash = text.slice(lineStart(text, first.range[0]), first.range[0]);
  if (!/^\s*-\s+$/.test(dash)) return undefined;
  const at = afterLast(text, seq.items.at(-1) as Node | undefined);
  if (at === undefined) return undefined;
  return insertLines(text, at, `${dash}${render(value, " ".repeat(dash.length), indentUnit(text))}`);
}

/** Where the line after a collection's last entry starts (after its value's line, a trailing comment included). */
function afterLast(text: string, last: Node | undefined): number | undefined {
  const end = last?.range?.[2];
  return end === undefined ? undefined : endOfLine(text, end);
}

function insertLines(text: string, at: number, lines: string): string {
  const before = at === text.length && !text.endsWith("\n") ? "\n" : "";
  return `${text.slice(0, at)}${before}${lines}\n${text.slice(at)}`;
}

/** `value` as YAML lines for a place indented by `indent`, nested by `unit` spaces (lists of scalars in flow style, `[data]`; with `flow`, all of it: `{ type: X }`). */
export function render(value: unknown, indent: string, unit = 2, flow?: { padding: boolean }): string {
  const document = new Document(value);
  visit(document, {
    Map(_key, map) {
      if (flow) map.flow = true;
    },
    Seq(_key, seq) {
      if (flow || seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  const lines = document.toString({ lineWidth: 0, flowCollectionPadding: flow?.padding ?? false, indent: unit }).replace(/\n$/, "").split("\n");
  // The first line goes where the place starts; the next ones keep its indentation.
  return lines.map((line, i) => (i === 0 ? line : `${indent}${line}`)).join("\n");
}
