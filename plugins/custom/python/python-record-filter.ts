import { RecordFilter, type DataRecord, type PythonObject, type SelectionContext } from "../../../sdk/index.js";
import { wireSlice } from "./wire-slice.js";

/**
 * A Python `RecordFilter`: a page's records cross once, `filter_records(records, stream_state,
 * stream_slice, next_page_token)`, and the kept ones come back as their positions.
 *
 * @example
 * # components.py
 * class OnlyActive(RecordFilter):
 *     def filter_records(self, records, stream_state, stream_slice=None, next_page_token=None):
 *         return [record for record in records if record["status"] == "active"]
 */
export class PythonRecordFilter extends RecordFilter {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  keep(record: DataRecord, context: SelectionContext): boolean {
    return this.keepPage([record], context)[0]!;
  }

  override keepPage(records: readonly DataRecord[], context: SelectionContext): boolean[] {
    const kept = this.remote.request("filter", {
      records,
      stream_state: {},
      stream_slice: wireSlice(context.streamSlice),
      next_page_token: context.nextPageToken === undefined ? null : { next_page_token: context.nextPageToken },
    }, "filter_records") as number[];
    const keep = records.map(() => false);
    for (const index of kept) keep[index] = true;
    return keep;
  }
}
