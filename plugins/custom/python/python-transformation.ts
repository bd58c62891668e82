import { RecordTransformation, type DataRecord, type PythonObject, type TransformationContext } from "../../../sdk/index.js";
import { wireSlice } from "./wire-slice.js";

/**
 * A Python `RecordTransformation`: a page's records cross once (asynchronously), each passed to
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

  transform(record: DataRecord, context: TransformationContext): Promise<void> {
    return this.transformPage([record], context);
  }

  override async transformPage(records: DataRecord[], context: TransformationContext): Promise<void> {
    const payload = { records, config: this.config, stream_state: {}, stream_slice: wireSlice(context.streamSlice) };
    const changed = (await this.remote.request("transform", payload, "transform", { signal: context.signal })) as DataRecord[];
    records.forEach((record, index) => {
      for (const key of Object.keys(record)) delete record[key];
      Object.assign(record, changed[index]);
    });
  }
}
