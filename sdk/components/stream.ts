import type { DataRecord, JsonSchema, StreamSlice } from "./records.js";

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
  jsonSchema(): Promise<JsonSchema>;
  read(options?: ReadOptions): AsyncIterable<DataRecord>;
}

/**
 * Reads the records of one stream (a `SimpleRetriever` in the manifest).
 *
 * @example
 * for await (const record of retriever.read("users", { signal })) yield record;
 */
export interface Retriever {
  read(stream: string, options: ReadOptions): AsyncIterable<DataRecord>;
}

/**
 * Loads a stream's JSON Schema (`InlineSchemaLoader`, `JsonFileSchemaLoader`).
 *
 * @example
 * schema_loader: { type: InlineSchemaLoader, schema: { type: object } }
 */
export interface SchemaLoader {
  load(): Promise<JsonSchema>;
}
