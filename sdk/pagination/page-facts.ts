import type { DataRecord } from "../components/records.js";
import type { HttpResponse } from "../http/http-response.js";

/**
 * Everything known about the page just read, handed as one object to a pagination strategy's
 * `nextPageToken` and `stopReason` (and the paginator's): it can grow without breaking a strategy.
 *
 * @example
 * // a page of 100 records found by the extractor, 40 kept by the record filter, fetched with offset 200
 * strategy.nextPageToken({ response, records: page, count: 40, rawCount: 100, lastRecord: page.at(-1), lastToken: 200 });
 */
export interface PageFacts {
  /** The page just read. */
  response: HttpResponse;
  /**
   * The page's records after filtering and transformations (what `last_records` means in a cursor
   * template). Absent when the page was streamed to the consumer as it was parsed: then only `count`
   * and `lastRecord` are known.
   */
  records?: readonly DataRecord[];
  /** How many records the page yielded (after filtering). */
  count: number;
  /**
   * How many records the extractor found before filtering. `OffsetIncrement` and `PageIncrement`
   * count these, as the Python kit does, so a filter never ends pagination early.
   */
  rawCount: number;
  /** The page's last record (after filtering), undefined when it had none. */
  lastRecord: DataRecord | undefined;
  /** The token that fetched this page (the initial token, often undefined, for the first page). */
  lastToken: unknown;
}
