import type { HttpResponse } from "../http/http-response.js";
import type { Awaitable } from "./awaitable.js";
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
  /** The read's signal: a component that answers asynchronously (a Python one) gives up when it aborts. */
  signal?: AbortSignal;
}

/**
 * Picks the records out of a response (`DpathExtractor`).
 *
 * @example
 * // { "data": [{ "id": 1 }] } with field_path ["data"] yields { id: 1 }
 *
 * The answer may be a promise (a Python extractor's, one bridge call per page), which the selector awaits;
 * `context` (the slice, the page token, the read's signal) is given by the record selector.
 */
export abstract class RecordExtractor {
  abstract extract(response: HttpResponse, context?: SelectionContext): Awaitable<Iterable<unknown>>;
}

/**
 * Keeps or drops one record (`RecordFilter`).
 *
 * @example
 * record_filter: { type: RecordFilter, condition: "{{ record['status'] != 'deleted' }}" }
 */
export abstract class RecordFilter {
  abstract keep(record: DataRecord, context: SelectionContext): boolean;
  /**
   * Optional: decides a whole page at once (one answer per record, in order), for a filter whose every
   * call is costly (a Python filter crosses the bridge once per page). The selector uses it when present.
   */
  keepPage?(records: readonly DataRecord[], context: SelectionContext): Awaitable<boolean[]>;
}

/**
 * What a selection counts, and how a reader that can pause asks it to.
 *
 * @example
 * const stats: SelectionStats = { rawCount: 0, pauseEvery: 2048 };
 * for (const record of selector.select(response, context, stats)) {
 *   if (record === SELECTION_PAUSE) await new Promise((resolve) => setImmediate(resolve)); // a signal may be handled now
 *   else keep(record);
 * }
 */
export interface SelectionStats {
  /** The number of records extracted before filtering (what offset and page increments count). */
  rawCount: number;
  /**
   * Set by a reader that can give the event loop a turn: a selection that yields records one by one
   * (a `record_filter`, a streaming decoder) yields {@link SELECTION_PAUSE} after this many items, so
   * that a page whose filter rejects a million records, or a body that takes seconds to decode, does
   * not keep a stop (SIGTERM, Ctrl-C) from being handled. Without it no pause is ever yielded.
   */
  pauseEvery?: number;
}

/**
 * Not a record: what a selection yields, when asked to by {@link SelectionStats.pauseEvery}, to let its
 * reader give the event loop a turn. Compared by identity; never written out.
 *
 * @example
 * for (const record of selector.select(response, context, { rawCount: 0, pauseEvery: 2048 })) {
 *   if (record === SELECTION_PAUSE) continue; // (a reader that can wait gives the event loop a turn here)
 *   write(record);
 * }
 */
export const SELECTION_PAUSE: DataRecord = Object.freeze({ __sluice_selection_pause: true }) as DataRecord;

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
   * extracted before filtering (what offset and page increments count), and a selection that yields
   * one by one may yield {@link SELECTION_PAUSE} when `stats.pauseEvery` asks it to. A promise when the
   * extractor or filter answered with one (a Python component's).
   */
  select(response: HttpResponse, context: SelectionContext, stats?: SelectionStats): Awaitable<Iterable<DataRecord>>;
}
