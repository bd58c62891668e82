import type { DataRecord } from "../../sdk/index.js";

/** The life of one stream in a read, as the Airbyte protocol's stream statuses name it. */
export type StreamStatus = "STARTED" | "RUNNING" | "COMPLETE" | "INCOMPLETE";

/**
 * What a read hands out a page at a time (`connector.readAll(...).pages()`): a page of one stream's
 * records, a state that is safe to save, or a change of a stream's status. The records of one slice
 * come in page order; records of different slices and streams interleave. A `state` comes after every
 * record it covers; `recordCount` is the number of the stream's records since its previous state.
 *
 * @example
 * { type: "records", stream: "users", records: [{ id: 1 }, { id: 2 }] }
 * { type: "state", stream: "events", state: { updated_at: "2024-03-01T00:00:00Z" }, recordCount: 200 }
 * { type: "status", stream: "events", status: "INCOMPLETE", error }
 */
export type ReadBatch =
  | { type: "records"; stream: string; records: DataRecord[] }
  | { type: "state"; stream: string; state: Record<string, unknown>; recordCount: number }
  | { type: "status"; stream: string; status: StreamStatus; error?: unknown };

/**
 * What a read hands out one at a time (`for await (const message of connector.readAll(...))`): a record
 * tagged with its stream, a state, or a stream status. A stream that fails ends with
 * `{ type: "status", status: "INCOMPLETE", error }`; the other streams go on.
 *
 * @example
 * for await (const message of connector.readAll({ streams: ["users", "events"], concurrency: 8 })) {
 *   if (message.type === "record") save(message.stream, message.record);
 *   else if (message.type === "state") saveState(message.stream, message.state);
 * }
 */
export type ReadMessage =
  | { type: "record"; stream: string; record: DataRecord }
  | Exclude<ReadBatch, { type: "records" }>;
