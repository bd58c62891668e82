import type { OutgoingRequest } from "../http/outgoing-request.js";
import type { DataRecord, StreamSlice } from "./records.js";
import type { Awaitable } from "./awaitable.js";

/**
 * Options of {@link StreamSlicer.slices}.
 *
 * @example
 * for await (const slice of router.slices({ signal })) ...
 */
export interface SliceOptions {
  /** The read's abort signal: a slicer that reads a parent stream passes it on. */
  signal?: AbortSignal;
}

/**
 * A source of stream slices: a partition router's partitions (one per parent record, one per listed
 * value) or an incremental cursor's date windows. The stream reads its pages once per slice; the slice
 * is `stream_slice` (also `stream_partition`, `stream_interval`) in the requester's templates.
 *
 * @example
 * // ListPartitionRouter { values: [open, closed], cursor_field: status, request_option: { inject_into: request_parameter, field_name: status } }
 * for await (const slice of router.slices()) console.log(slice.status);   // "open", then "closed"
 * router.applyToRequest(request, slice);                                     // ?status=open
 */
export abstract class StreamSlicer {
  /** The slices to read, in order. `options.signal` aborts requests a slicer makes (a parent stream's pages). */
  abstract slices(options?: SliceOptions): AsyncIterable<StreamSlice>;
  /** Puts this slicer's request options for `slice` into a request (a parent id, a start and end time). */
  /** May answer with a promise (a Python router's request options), which the read awaits before it sends. */
  abstract applyToRequest(request: OutgoingRequest, slice: StreamSlice): Awaitable<void>;
  /** The keys this slicer puts into a slice's partition (`partition_field`s), for state migrations; optional. */
  readonly partitionFields?: readonly string[];
  /**
   * Optional: the state of the parent streams this slicer reads (the kit's `get_stream_state`), written as
   * `parent_state` in a per-partition state. A router with parents gives an object (`{}` when no parent is
   * read incrementally); undefined (or absent) when the slicer has no parents.
   */
  parentStreamState?(): Record<string, unknown> | undefined;
  /**
   * Optional: the stream's saved state, given before its slices are asked for on each read (the kit's
   * `set_initial_state`). A router reading a parent incrementally (`incremental_dependency: true`) starts
   * that parent from the state's `parent_state`.
   */
  setStreamState?(state: Record<string, unknown> | undefined): void;
  /**
   * Optional: whether a slice's pagination ends after a page whose last record is `lastRecord` (the
   * kit's `CursorStopCondition` of a data feed, `is_data_feed: true`: the API lists newest first, so a
   * page ending with a record older than the saved cursor is the last one worth reading). Present only
   * on a slicer that stops pages; the reader then decides after the page's records were handed out.
   */
  readonly stopsPagination?: (slice: StreamSlice, lastRecord: DataRecord) => boolean;
}

/**
 * An incremental cursor (`DatetimeBasedCursor`): slices the sync window, filters records to it, and
 * keeps the state that the next sync starts from.
 *
 * @example
 * cursor.setState({ updated_at: "2024-01-01T00:00:00Z" });
 * for await (const slice of cursor.slices()) { ...read, cursor.shouldSync(slice, record) && cursor.observe(slice, record)...; cursor.closeSlice(slice); }
 * cursor.state(); // { updated_at: "2024-03-15T12:00:00Z" }
 */
export abstract class IncrementalCursor extends StreamSlicer {
  /** The record field holding the cursor value, e.g. `updated_at`. */
  declare readonly cursorField: string;
  /** Starts from a saved state; undefined starts from the configured start. */
  abstract setState(state: Record<string, unknown> | undefined): void;
  /**
   * Optional: the kit's `should_be_synced`, the client-side filter (`is_client_side_incremental`,
   * `is_data_feed`), asked for each record after the stream's transformations (the kit's selector
   * transforms before it filters) and by a data feed's paginator for a page's last record: a record it
   * refuses is dropped and never reaches {@link observe}.
   */
  shouldSync?(slice: StreamSlice, record: DataRecord): boolean;
  /**
   * Notes a record read in `slice`, as the stream emits it (after its transformations, as the kit's
   * cursor sees it): an `AddFields` that writes the cursor field moves the state. Returns false to drop
   * the record (a cursor without {@link shouldSync} filters here).
   */
  abstract observe(slice: StreamSlice, record: DataRecord): boolean;
  /** The slice has been read completely; its progress becomes part of the state. */
  abstract closeSlice(slice: StreamSlice): void;
  /** The state to save after the slices closed so far. */
  abstract state(): Record<string, unknown>;
  /** Every slice of the read has been read (optional): progress a cursor held back until then becomes part of the state. */
  finish?(): void;
  /**
   * Optional, for a cursor whose checks cross to another process (a Python `Cursor`): a page's records,
   * after the stream's transformations, answered with those it keeps (filtered and observed), awaited;
   * used instead of {@link shouldSync} and {@link observe}.
   */
  checkPage?(slice: StreamSlice, records: readonly DataRecord[], signal?: AbortSignal): Promise<DataRecord[]>;
  /**
   * Optional, with {@link checkPage}: awaited once the last page of `slice` was checked, before
   * {@link closeSlice}, so a cursor whose closing is asynchronous has its {@link state} ready then.
   */
  sliceRead?(slice: StreamSlice, signal?: AbortSignal): Promise<void>;
  /**
   * The cursor to use when the stream is partitioned by `router` (optional): one that keeps a state per
   * partition, as the kit's per-partition cursor, and slices the partitions itself. Undefined (or no
   * method) keeps this cursor global, combined with the router's slices.
   */
  forPartitions?(router: StreamSlicer): (IncrementalCursor & StreamSlicer) | undefined;
}

/**
 * Makes a slice from a partition and a cursor slice, as the kit's `StreamSlice`: the keys of both at the
 * top level (`stream_slice.parent_id`, `stream_slice.start_time`), and each part on its own under the
 * non-enumerable `partition` and `cursor_slice`. `extraFields` (values a template may read, such as a
 * parent record's fields, that are not part of the partition) are the non-enumerable `extra_fields`.
 *
 * @example
 * const slice = makeSlice({ parent_id: 7 }, { start_time: "2024-01-01", end_time: "2024-01-31" }, { name: "Main board" });
 * slice.parent_id === 7; slice.partition; // { parent_id: 7 }
 * slice.extra_fields; // { name: "Main board" }  (in a template: {{ stream_slice.extra_fields.name }})
 */
export function makeSlice(partition: Record<string, unknown> = {}, cursorSlice: Record<string, unknown> = {}, extraFields: Record<string, unknown> = {}): StreamSlice {
  const slice: StreamSlice = { ...partition, ...cursorSlice };
  Object.defineProperty(slice, "partition", { value: partition, enumerable: false });
  Object.defineProperty(slice, "cursor_slice", { value: cursorSlice, enumerable: false });
  if (!Object.hasOwn(slice, "extra_fields")) Object.defineProperty(slice, "extra_fields", { value: extraFields, enumerable: false });
  return slice;
}

/**
 * The extra fields of a slice made by {@link makeSlice} (`{}` otherwise).
 *
 * @example
 * sliceExtraFields(makeSlice({ base_id: "app1" }, {}, { name: "CRM" })); // { name: "CRM" }
 */
export function sliceExtraFields(slice: StreamSlice): Record<string, unknown> {
  const descriptor = Object.getOwnPropertyDescriptor(slice, "extra_fields");
  return descriptor && !descriptor.enumerable ? (descriptor.value as Record<string, unknown>) : {};
}

/**
 * The partition part of a slice made by {@link makeSlice} (the whole slice otherwise).
 *
 * @example
 * slicePartition(makeSlice({ parent_id: 7 }, { start_time: "2024-01-01" })); // { parent_id: 7 }
 */
export function slicePartition(slice: StreamSlice): Record<string, unknown> {
  return ((slice as { partition?: Record<string, unknown> }).partition ?? slice) as Record<string, unknown>;
}

/**
 * The cursor part of a slice made by {@link makeSlice} (the whole slice otherwise).
 *
 * @example
 * sliceCursor(makeSlice({ parent_id: 7 }, { start_time: "2024-01-01" })); // { start_time: "2024-01-01" }
 */
export function sliceCursor(slice: StreamSlice): Record<string, unknown> {
  return ((slice as { cursor_slice?: Record<string, unknown> }).cursor_slice ?? slice) as Record<string, unknown>;
}
