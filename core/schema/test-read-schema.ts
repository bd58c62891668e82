import type { DataRecord, JsonSchema } from "../../sdk/index.js";
import type { TestReadStream } from "../test-read/test-read-document.js";
import { inferSchema, type InferOptions } from "./schema-inferrer.js";

/** The records a test read showed for one stream, every slice and page in order. */
export function testReadRecords(stream: TestReadStream): DataRecord[] {
  return stream.slices.flatMap((slice) => slice.pages.flatMap((page) => page.records));
}

/**
 * The schema inferred from the records a test read of one stream showed (`sluice test-read
 * --detect-schema`, the Builder's detected schema, `sluice discover --detect-schemas`); `undefined`
 * when it showed none. The records are the redacted ones: a secret inside a record is `****`, a string.
 *
 * @example
 * const document = await testRead(sluice, { path: "manifest.yaml", config, streams: ["users"] });
 * testReadSchema(document.streams[0]); // { $schema: "http://json-schema.org/schema#", type: "object", properties: {...} }
 */
export function testReadSchema(stream: TestReadStream, options: InferOptions = {}): JsonSchema | undefined {
  return inferSchema(testReadRecords(stream) as Array<Record<string, unknown>>, options);
}
