import { CustomCodeError, RecordFilter, type DataRecord, type PythonObject, type SelectionContext } from "../../../sdk/index.js";
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

  /**
   * One record, synchronously: a Python filter cannot answer so (its answer crosses the bridge), and
   * every caller in Sluice asks {@link keepPage} when a filter has it.
   */
  keep(): boolean {
    throw new CustomCodeError("CUSTOM_CODE_ASYNC", `${this.remote.className}.filter_records answers a page at a time; it was asked for one record synchronously`, {
      where: { component: this.remote.className },
      expected: "keepPage(records, context), awaited",
      found: "keep(record, context)",
    });
  }

  override async keepPage(records: readonly DataRecord[], context: SelectionContext): Promise<boolean[]> {
    return keptOf(records, (await this.remote.request("filter", payload(records, context), "filter_records", { signal: context.signal })) as number[]);
  }
}

/** The `filter` request's payload for a page. */
function payload(records: readonly DataRecord[], context: SelectionContext): Record<string, unknown> {
  return {
    records,
    stream_state: {},
    stream_slice: wireSlice(context.streamSlice),
    next_page_token: context.nextPageToken === undefined ? null : { next_page_token: context.nextPageToken },
  };
}

/** Which records of a page were kept, from the positions Python answered. */
function keptOf(records: readonly DataRecord[], kept: number[]): boolean[] {
  const keep = records.map(() => false);
  for (const index of kept) keep[index] = true;
  return keep;
}
