import type { DataRecord, JsonSchema, StreamSlice } from "./records.js";
import type { IncrementalCursor, SliceOptions, StreamSlicer } from "./stream-slicer.js";

/**
 * Facts about a page just read, for progress reports.
 *
 * @example
 * { stream: "users", page: 2, records: 100, url: "https://api.example.com/users?offset=100" }
 */
export interface PageReport {
  stream: string;
  page: number;
  records: number;
  /** The page's URL as sent, every known secret masked (an API key in the query, a signature). */
  url: string;
  /**
   * On the first page of a slice, the slice's total record count as the API reports it, when the
   * retriever declares `total_records` (absent otherwise).
   */
  totalRecords?: number;
}

/**
 * Options of one sequential read of a stream ({@link readRecords}, {@link readPages}, `connector.read()`),
 * and what a custom retriever's `read` receives.
 *
 * @example
 * for await (const record of readRecords(stream, { signal: controller.signal })) console.log(record);
 */
export interface ReadOptions {
  /** Aborts the request in flight and ends the read. */
  signal?: AbortSignal;
  slice?: StreamSlice;
  /** Called after every page. */
  onPage?(report: PageReport): void;
  /** The stream's saved state (incremental streams start from it). */
  state?: Record<string, unknown>;
  /** Called with the stream's new state each time a slice has been read completely (incremental streams). */
  onState?(state: Record<string, unknown>): void;
  /** Called when the read starts a slice: the records that follow, until the next call, belong to it. */
  onSlice?(slice: StreamSlice): void;
  /** Stops each slice after this many pages, as a test read does (default: no limit but the progress guard's). */
  pagesPerSlice?: number;
}

/**
 * A stream of records (a `DeclarativeStream` in the manifest). Its one read contract is
 * {@link Stream.partitions}: its slices, each read a page at a time, closed, and the stream finished.
 * Every surface reads through it: records one at a time are a flattening of its pages
 * ({@link readRecords}), a page at a time {@link readPages}, a concurrent read Sluice's scheduler.
 *
 * @example
 * for await (const record of readRecords(connector.stream("users"))) console.log(record.id);
 */
export interface Stream {
  readonly name: string;
  /** The `name` of the `DynamicDeclarativeStream` that made this stream (`dynamic_stream_<i>` without one); undefined for a declared stream. */
  readonly dynamicStreamName?: string;
  readonly primaryKey?: string | string[] | string[][];
  /** The cursor field of an incremental stream (undefined: full refresh only). */
  readonly cursorField?: string;
  jsonSchema(): Promise<JsonSchema>;
  /**
   * The stream as units of work, for one read: its slices, each read page by page. Sluice reads
   * several slices at once on a concurrent read and asks for the state only after a slice has been
   * read completely. Throws when the read cannot start (a saved state its cursor cannot read).
   */
  partitions(options?: PartitionsOptions): StreamPartitions;
}

/**
 * Options of {@link Stream.partitions}.
 *
 * @example
 * stream.partitions({ state: { updated_at: "2024-01-01T00:00:00Z" } })
 */
export interface PartitionsOptions {
  /** The stream's saved state (incremental streams start from it). */
  state?: Record<string, unknown>;
}

/**
 * Options of one slice's read in a concurrent read.
 *
 * @example
 * partitions.readSlice(slice, { signal, onPage: (page) => progress.add(page.records) })
 */
export interface SliceReadOptions {
  /** Aborts the slice's request in flight and ends its read. */
  signal?: AbortSignal;
  /** Called after every page. */
  onPage?(report: PageReport): void;
  /** Stops the slice after this many pages, as a test read does (default: no limit but the progress guard's). */
  pagesPerSlice?: number;
}

/**
 * A stream cut into units of work: its slices (partitions × date windows), each read page by page
 * with its records handed over a page at a time. The pages of one slice stay sequential (each token
 * comes from the previous page); different slices may be read at the same time.
 *
 * The state rule: `closeSlice` is called only after every record of the slice was handed over, and the
 * state it returns never claims a slice that has not been closed (a cursor whose windows close out of
 * order keeps its state at the end of the longest closed prefix).
 *
 * @example
 * const parts = stream.partitions({ state });
 * for await (const slice of parts.slices({ signal })) {
 *   for await (const page of parts.readSlice(slice, { signal })) write(page);
 *   const state = parts.closeSlice(slice); // emit it, if any
 * }
 * parts.finish();
 */
export interface StreamPartitions {
  /** The slices to read, lazily (a substream's slices come from reading its parent). */
  slices(options?: SliceOptions): AsyncIterable<StreamSlice>;
  /** The records of one slice, a page at a time, already filtered by the cursor and transformed. */
  readSlice(slice: StreamSlice, options?: SliceReadOptions): AsyncIterable<DataRecord[]>;
  /** The slice has been read completely; returns the stream's state to emit now (undefined: none, a full-refresh stream). */
  closeSlice(slice: StreamSlice): Record<string, unknown> | undefined;
  /** Every slice has been read; returns the final state (undefined: none). */
  finish(): Record<string, unknown> | undefined;
  /** How many slices may be read at the same time (1 when a component keeps state from page to page, such as a custom pagination strategy); undefined: no limit of its own. */
  readonly maxConcurrentSlices?: number;
}

/**
 * Reads single slices of one read of a stream, page by page (see {@link Retriever.sliceReader}).
 *
 * @example
 * const readSlice = retriever.sliceReader("comments", router);
 * for await (const page of readSlice(slice, { signal })) write(page);
 */
export type SliceReader = (slice: StreamSlice, options?: SliceReadOptions) => AsyncIterable<DataRecord[]>;

/**
 * How a stream is sliced: the slicer yields the slices (partitions × cursor windows); the cursor, for an
 * incremental stream, filters records to the window and keeps the state.
 *
 * @example
 * retriever.sliceReader("comments", slicing.slicer);
 */
export interface Slicing {
  slicer: StreamSlicer;
  cursor?: IncrementalCursor;
}

/**
 * Reads the records of one stream (a `SimpleRetriever` in the manifest), one slice at a time, a page
 * at a time: {@link Retriever.sliceReader}. The stream (see `retrieverPartitions`) produces the
 * slices, filters the records by the cursor, transforms them and closes each slice; the retriever
 * only reads the slice it is given.
 *
 * A custom retriever written to the earlier contract, `read(stream, options, slicing)` (all of the
 * stream's records, its slices read in turn by the retriever itself, its state reported through
 * `options.onState`), still works: it is read whole, as one unit of work, and the last state it
 * reported is emitted when its read has ended (see `RecordsRetriever`).
 *
 * @example
 * const readSlice = retriever.sliceReader("users");
 * for await (const page of readSlice({}, { signal })) write(page);
 */
export abstract class Retriever {
  /** The retriever's partition router, if it has one (the stream combines it with its incremental cursor). */
  declare readonly partitionRouter?: StreamSlicer;
  /**
   * Reads single slices, a page at a time, for one read of `stream`: `slicer` puts each slice's
   * request options into the requests; `streamState` gives `stream_state` to requester templates.
   * The reads made through one reader share the stream's page cap.
   */
  sliceReader?(stream: string, slicer?: StreamSlicer, streamState?: () => Record<string, unknown>): SliceReader;
  /** True when slices must be read one at a time (a component keeps state from page to page). */
  declare readonly sequentialSlices?: boolean;
}

/**
 * Loads a stream's JSON Schema (`InlineSchemaLoader`, `JsonFileSchemaLoader`).
 *
 * @example
 * schema_loader: { type: InlineSchemaLoader, schema: { type: object } }
 */
export abstract class SchemaLoader {
  abstract load(): Promise<JsonSchema>;
}
