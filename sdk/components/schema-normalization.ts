import type { DataRecord, JsonSchema } from "./records.js";

/**
 * A record selector's own `schema_normalization` (`CustomSchemaNormalization`, the kit's TypeTransformer
 * subclass): changes a record, in place, to fit its stream's schema. Runs after the stream's
 * transformations, when the stream has a schema.
 *
 * @example
 * class CentsToUnits extends SchemaNormalization {
 *   transform(record: DataRecord, schema: JsonSchema) { if (typeof record.amount === "number") record.amount /= 100; }
 * }
 */
export abstract class SchemaNormalization {
  abstract transform(record: DataRecord, schema: JsonSchema): void;
}
