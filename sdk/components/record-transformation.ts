import type { DataRecord, StreamSlice } from "./records.js";

/**
 * Changes a record in place after it was selected and filtered, before it is emitted (a stream's
 * `transformations`: `AddFields`, `RemoveFields`, or a plugin's own kind).
 *
 * @example
 * const stamp: RecordTransformation = { transform(record) { record.source = "crm"; } };
 */
export abstract class RecordTransformation {
  abstract transform(record: DataRecord, context: { streamSlice?: StreamSlice }): void;
}
