import { RecordTransformation, type DataRecord, type PythonObject, type StreamSlice } from "../../../sdk/index.js";
import { wireSlice } from "./wire-slice.js";

/**
 * A Python `RecordTransformation`: a page's records cross once, each passed to
 * `transform(record, config=..., stream_state=..., stream_slice=...)`, and come back changed.
 *
 * @example
 * # components.py
 * class FullName(RecordTransformation):
 *     def transform(self, record, config=None, stream_state=None, stream_slice=None):
 *         record["name"] = f"{record.pop('first')} {record.pop('last')}"
 */
export class PythonTransformation extends RecordTransformation {
  constructor(
    private readonly remote: PythonObject,
    private readonly config: Record<string, unknown>,
  ) {
    super();
  }

  transform(record: DataRecord, context: { streamSlice?: StreamSlice }): void {
    this.transformPage([record], context);
  }

  override transformPage(records: DataRecord[], context: { streamSlice?: StreamSlice }): void {
    const changed = this.remote.request("transform", { records, config: this.config, stream_state: {}, stream_slice: wireSlice(context.streamSlice) }, "transform") as DataRecord[];
    records.forEach((record, index) => {
      for (const key of Object.keys(record)) delete record[key];
      Object.assign(record, changed[index]);
    });
  }
}
