import type { DataRecord } from "../components/records.js";

/**
 * Facts about the page just read, besides its size and last record, that the retriever hands to
 * the paginator (and the paginator to its strategy). Both fields are optional: a strategy falls
 * back to `lastPageSize` / `lastRecord` when they are absent.
 *
 * @example
 * // 100 records extracted, 40 kept by the record filter
 * paginator.nextPageToken(response, 40, lastRecord, token, { rawRecordCount: 100, records: page });
 */
export interface PageFacts {
  /**
   * How many records the extractor found before filtering and transformations. `OffsetIncrement`
   * and `PageIncrement` count these, as the Python kit does, so a filter never ends pagination early.
   */
  rawRecordCount?: number;
  /** The page's records after filtering (what `last_records` means in a cursor template). */
  records?: readonly DataRecord[];
}
