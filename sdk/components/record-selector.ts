import type { HttpResponse } from "../http/http-response.js";
import type { DataRecord, StreamSlice } from "./records.js";

/**
 * The names a record filter or selector may use besides the record itself.
 *
 * @example
 * filter.keep(record, { streamSlice: { account_id: "acc_1" }, nextPageToken: 2 });
 */
export interface SelectionContext {
  streamSlice?: StreamSlice;
  nextPageToken?: unknown;
}

/**
 * Picks the records out of a response (`DpathExtractor`).
 *
 * @example
 * // { "data": [{ "id": 1 }] } with field_path ["data"] yields { id: 1 }
 */
export abstract class RecordExtractor {
  abstract extract(response: HttpResponse): Iterable<unknown>;
}

/**
 * Keeps or drops one record (`RecordFilter`).
 *
 * @example
 * record_filter: { type: RecordFilter, condition: "{{ record['status'] != 'deleted' }}" }
 */
export abstract class RecordFilter {
  abstract keep(record: DataRecord, context: SelectionContext): boolean;
}

/**
 * Extracts, filters and yields a page's records (`RecordSelector`).
 *
 * @example
 * record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
 */
export interface RecordSelector {
  /** The extractor, so a paginator can count raw records before filtering. */
  readonly extractor: RecordExtractor;
  /**
   * Yields the page's records. When `stats` is given, `stats.rawCount` ends up as the number of records
   * extracted before filtering (what offset and page increments count).
   */
  select(response: HttpResponse, context: SelectionContext, stats?: { rawCount: number }): Iterable<DataRecord>;
}
