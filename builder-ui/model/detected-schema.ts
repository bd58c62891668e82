import { Document, isMap, isScalar, visit, type Node } from "yaml";
import type { SchemaDifference, SchemaTarget } from "../api-client.js";
import { ManifestModel, type Segment } from "./manifest-model.js";

export type { DetectedSchema, SchemaDifference, SchemaTarget } from "../api-client.js";

/** One line saying a difference, as the panel lists it. */
export function describeDifference(d: SchemaDifference): string {
  if (d.kind === "missing") return `${d.path}: not in the declared schema (the records have ${d.found.join(", ")})`;
  return `${d.path}: declared ${d.declared?.join(", ")}, the records have ${d.found.join(", ")}`;
}

/**
 * The model with the detected schema written inline at the target: the whole `InlineSchemaLoader`
 * when the stream has no `schema_loader`, else its `schema`. The text is changed only there: the value
 * is written as a block under its key (lists of plain values as `[number, "null"]`), in place of the
 * old one or after the mapping's last key; a place inside a flow mapping (`{ type: ..., schema: {} }`)
 * rewrites that mapping as a block. Comments, quoting and layout elsewhere stay as written. A place the
 * text cannot take so (a flow sequence, an alias) goes through {@link ManifestModel.setIn}.
 *
 * @example
 * writeInlineSchema(model, { kind: "inline", segments: ["streams", 0, "schema_loader"], sourcePath: "streams[0].schema_loader", wrap: true }, schema)
 */
export function writeInlineSchema(model: ManifestModel, target: Extract<SchemaTarget, { kind: "inline" }>, schema: Record<string, unknown>): ManifestModel {
  const value = target.wrap ? { type: "InlineSchemaLoader", schema } : schema;
  // Else as any component is written (ManifestModel.setIn: spliced where it can be, else the Document API).
  return spliceBlock(model, target.segments, value) ?? model.setIn(target.segments, value);
}

/** Writes `value` at `segments` as block YAML under its key, climbing out of flow mappings; undefined when it cannot. */
function spliceBlock(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel | undefined {
  let at = [...segments];
  let written = value;
  for (;;) {
    const key = at.at(-1);
    const parent = model.nodeAt(at.slice(0, -1));
    if (typeof key !== "string" || !isMap(parent) || !parent.range) return undefined;
    if (parent.flow) {
      // Inside `{ ... }`: the enclosing mapping is rewritten as a block, with this value in it.
      written = { ...(model.valueAt(at.slice(0, -1)) as Record<string, unknown>), [key]: written };
      at = at.slice(0, -1);
      continue;
    }
    const { text } = model;
    const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    const keyStart = pair && isScalar(pair.key) && pair.key.range ? pair.key.range[0] : parent.range[0];
    const column = keyStart - text.lastIndexOf("\n", keyStart - 1) - 1;
    const block = blockYaml(written, column + 2);
    let next: string;
    if (pair) {
      const old = pair.value as Node | null;
      const end = old?.range ? old.range[1] : (pair.key as Node).range![1];
      const keepsNewline = text[end - 1] === "\n";
      next = `${text.slice(0, keyStart)}${key}:\n${keepsNewline ? block : block.replace(/\n$/, "")}${text.slice(end)}`;
    } else {
      const end = parent.range[1];
      const before = text.slice(0, end);
      next = `${before}${before.endsWith("\n") ? "" : "\n"}${" ".repeat(column)}${key}:\n${block}${text.slice(end)}`;
    }
    const model2 = ManifestModel.parse(next);
    const ok = model2.document.errors.length === 0 && JSON.stringify(model2.valueAt(at)) === JSON.stringify(written);
    return ok ? model2 : undefined;
  }
}

/** `value` as block YAML indented by `indent` spaces, each list of plain values on one line. */
function blockYaml(value: unknown, indent: number): string {
  const document = new Document(value);
  visit(document, {
    Seq(_, seq) {
      if (seq.items.every((item) => isScalar(item))) seq.flow = true;
    },
  });
  return document
    .toString({ lineWidth: 0, flowCollectionPadding: false })
    .split("\n")
    .map((line) => (line ? `${" ".repeat(indent)}${line}` : line))
    .join("\n");
}
