import { Document, isMap, isScalar, visit, type Node } from "yaml";
import { ManifestModel, type Segment } from "./manifest-model.js";

/**
 * Writes a list or a map (Detect's record path, paginator, a new key) into the text at its place,
 * changing only those lines: a written value's characters are replaced, a missing key is added as the
 * last key of its block map at that map's indentation. Undefined when the text cannot take it so (a
 * flow map to add to, a parent that is not written): the caller then uses {@link ManifestModel.setIn},
 * which serializes the document. The result is checked by parsing it: it must read `value` there.
 *
 * @example
 * spliceValue(ManifestModel.parse("a:\n  b: 1 # one\nc: { x: 1 }\n"), ["a", "p"], { type: "NoPagination" })?.text
 * // "a:\n  b: 1 # one\n  p:\n    type: NoPagination\nc: { x: 1 }\n"
 */
export function spliceValue(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel | undefined {
  const node = model.nodeAt(segments);
  const text = model.text;
  let next: string | undefined;
  if (node?.range) {
    const [start, end] = node.range;
    const block = render(value, indentAt(text, start));
    if (!block.includes("\n") || !isScalar(node)) next = text.slice(0, start) + block.replace(/^\s+/, "") + text.slice(end);
  } else {
    const parent = model.nodeAt(segments.slice(0, -1));
    const key = segments.at(-1);
    if (!isMap(parent) || parent.flow || parent.items.length === 0 || typeof key !== "string") return undefined;
    const first = parent.items[0]!.key as Node;
    const last = parent.items.at(-1)!;
    const lastEnd = ((last.value as Node | null)?.range ?? (last.key as Node).range)?.[2];
    if (!first.range || lastEnd === undefined) return undefined;
    const indent = " ".repeat(first.range[0] - lineStart(text, first.range[0]));
    const at = text[lastEnd - 1] === "\n" ? lastEnd : text.indexOf("\n", lastEnd) < 0 ? text.length : text.indexOf("\n", lastEnd) + 1;
    const before = at === text.length && !text.endsWith("\n") ? "\n" : "";
    next = `${text.slice(0, at)}${before}${indent}${render({ [key]: value }, indent)}\n${text.slice(at)}`;
  }
  if (next === undefined) return undefined;
  const model2 = ManifestModel.parse(next);
  return model2.document.errors.length === 0 && JSON.stringify(model2.valueAt(segments)) === JSON.stringify(value) ? model2 : undefined;
}

/** `value` as YAML lines for a place indented by `indent` (lists of scalars in flow style, `[data]`). */
function render(value: unknown, indent: string): string {
  const document = new Document(value);
  visit(document, {
    Seq(_key, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  const lines = document.toString({ lineWidth: 0, flowCollectionPadding: false }).replace(/\n$/, "").split("\n");
  // The first line goes where the place starts; the next ones keep its indentation.
  return lines.map((line, i) => (i === 0 ? line : `${indent}${line}`)).join("\n");
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf("\n", at - 1) + 1;
}

function indentAt(text: string, at: number): string {
  return " ".repeat(at - lineStart(text, at));
}
