import type { Awaitable } from "./awaitable.js";
import type { DataRecord, StreamSlice } from "./records.js";

/**
 * Changes a record in place after it was selected and filtered, before it is emitted (a stream's
 * `transformations`: `AddFields`, `RemoveFields`, or a plugin's own kind).
 *
 * @example
 * const stamp: RecordTransformation = { transform(record) { record.source = "crm"; } };
 *
 * Either method may answer with a promise (a Python transformation's), which the read awaits.
 */
export abstract class RecordTransformation {
  abstract transform(record: DataRecord, context: TransformationContext): Awaitable<void>;
  /**
   * Optional: transforms a whole page in place, for a transformation whose every call is costly (a
   * Python transformation crosses the bridge once per page). The read uses it when present.
   */
  transformPage?(records: DataRecord[], context: TransformationContext): Awaitable<void>;
}

/**
 * What a transformation is given besides the record: its slice, and the read's signal (a transformation
 * that answers asynchronously gives up when it aborts).
 *
 * @example
 * transformation.transformPage(page, { streamSlice: { account_id: "acc_1" }, signal });
 */
export interface TransformationContext {
  streamSlice?: StreamSlice;
  signal?: AbortSignal;
}
