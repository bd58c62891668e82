import type { DataRecord, JsonSchema, StreamSlice } from "./records.js";
import type { IncrementalCursor, StreamSlicer } from "./stream-slicer.js";

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
  url: string;
}

/**
 * Options of one read.
 *
 * @example
 * for await (const record of stream.read({ signal: controller.signal })) console.log(record);
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
}

/**
 * A stream of records (a `DeclarativeStream` in the manifest).
 *
 * @example
 * for await (const record of connector.stream("users").read()) console.log(record.id);
 */
export interface Stream {
  readonly name: string;
  readonly primaryKey?: string | string[] | string[][];
  /** The cursor field of an incremental stream (undefined: full refresh only). */
  readonly cursorField?: string;
  jsonSchema(): Promise<JsonSchema>;
  read(options?: ReadOptions): AsyncIterable<DataRecord>;
}

/**
 * How a stream is sliced: the slicer yields the slices (partitions × cursor windows); the cursor, for an
 * incremental stream, filters records to the window and keeps the state.
 *
 * @example
 * retriever.read("comments", options, { slicer: partitionRouter });
 */
export interface Slicing {
  slicer: StreamSlicer;
  cursor?: IncrementalCursor;
}

/**
 * Reads the records of one stream (a `SimpleRetriever` in the manifest): every slice of `slicing` in
 * turn (or one empty slice), page by page. After each slice, the cursor closes it and
 * `options.onState` receives the new state.
 *
 * @example
 * for await (const record of retriever.read("users", { signal })) yield record;
 */
export abstract class Retriever {
  /** The retriever's partition router, if it has one (the stream combines it with its incremental cursor). */
  declare readonly partitionRouter?: StreamSlicer;
  abstract read(stream: string, options: ReadOptions, slicing?: Slicing): AsyncIterable<DataRecord>;
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
