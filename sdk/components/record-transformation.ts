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
  /**
   * Optional: transforms a whole page in place, for a transformation whose every call is costly (a
   * Python transformation crosses the bridge once per page). The read uses it when present.
   */
  transformPage?(records: DataRecord[], context: { streamSlice?: StreamSlice }): void;
}
