import { ManifestModel, type Segment } from "./manifest-model.js";

/** Where records and the declared schema disagree (core/schema/schema-differences.ts). */
export interface SchemaDifference {
  path: string;
  kind: "missing" | "type";
  declared?: string[];
  found: string[];
}

/** Where accepting the detected schema writes it (core/builder/builder-schema.ts's `SchemaTarget`). */
export type SchemaTarget = { kind: "inline"; segments: Segment[]; sourcePath: string; wrap: boolean } | { kind: "file"; file: string } | { kind: "none"; reason: string };

/** What `POST api/detect-schema` answers: the detected schema beside the declared one. */
export interface DetectedSchema {
  inferred: Record<string, unknown> | null;
  declared: Record<string, unknown> | null;
  declaredIn: { kind: string; file?: string };
  differences: SchemaDifference[];
  target: SchemaTarget;
}

/** One line saying a difference, as the panel lists it. */
export function describeDifference(d: SchemaDifference): string {
  if (d.kind === "missing") return `${d.path}: not in the declared schema (the records have ${d.found.join(", ")})`;
  return `${d.path}: declared ${d.declared?.join(", ")}, the records have ${d.found.join(", ")}`;
}

/**
 * The model with the detected schema written inline at the target: the whole `InlineSchemaLoader`
 * when the stream has no `schema_loader`, else its `schema`. Written through the Document API, which
 * keeps comments and key order elsewhere.
 *
 * @example
 * writeInlineSchema(model, { kind: "inline", segments: ["streams", 0, "schema_loader"], sourcePath: "streams[0].schema_loader", wrap: true }, schema)
 */
export function writeInlineSchema(model: ManifestModel, target: Extract<SchemaTarget, { kind: "inline" }>, schema: Record<string, unknown>): ManifestModel {
  const document = model.document.clone();
  document.setIn([...target.segments], target.wrap ? { type: "InlineSchemaLoader", schema } : schema);
  return ManifestModel.parse(document.toString({ lineWidth: 0, flowCollectionPadding: false }));
}
