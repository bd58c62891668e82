import type { JsonSchema } from "../../sdk/index.js";
import type { Sluice } from "../sluice.js";
import { testRead, type TestReadInput } from "../test-read/test-read.js";
import { declaredSchema, declaresNoSchema } from "./declared-schema.js";
import type { InferOptions } from "./schema-inferrer.js";
import { testReadSchema } from "./test-read-schema.js";

/** What {@link detectSchemas} reads: a loaded connector (its definition is required) and how the schemas are written. */
interface DetectSchemasInput extends Omit<TestReadInput, "streams" | "definition"> {
  definition: NonNullable<TestReadInput["definition"]>;
  infer?: InferOptions;
}

/** The schemas detected, by stream, and what the author should know (a stream that failed or had no records). */
interface DetectedSchemas {
  schemas: Map<string, JsonSchema>;
  notes: string[];
}

/**
 * `sluice discover --detect-schemas`: for each stream that declares no schema (see
 * {@link declaresNoSchema}), a test read (the test read's budget: 5 pages per slice, 5 slices, 100
 * records) and the schema inferred from its records. A stream that declares one is not read.
 *
 * @example
 * const { schemas } = await detectSchemas(sluice, { definition, config });
 * schemas.get("users"); // { $schema: "http://json-schema.org/schema#", type: "object", properties: {...} }
 */
export async function detectSchemas(sluice: Sluice, input: DetectSchemasInput): Promise<DetectedSchemas> {
  const { definition, infer, ...read } = input;
  const dir = definition.source.dir;
  const streams = (Array.isArray(definition.manifest.streams) ? definition.manifest.streams : []) as Array<Record<string, unknown>>;
  const undeclared = streams.filter((s) => declaresNoSchema(declaredSchema(s, dir))).map((s) => String(s.name));
  const out: DetectedSchemas = { schemas: new Map(), notes: [] };
  if (undeclared.length === 0) return out;
  const document = await testRead(sluice, { ...read, definition, streams: undeclared });
  out.notes.push(...document.warnings);
  for (const stream of document.streams) {
    const schema = testReadSchema(stream, infer);
    if (stream.error) out.notes.push(`${stream.name}: the test read failed, ${stream.error.split("\n")[0]}`);
    if (schema) out.schemas.set(stream.name, schema);
    else out.notes.push(`${stream.name}: no records to detect a schema from; its catalog entry is the declared one`);
  }
  return out;
}
