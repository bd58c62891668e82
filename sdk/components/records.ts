/** One record read from an API: a JSON object. */
export type DataRecord = Record<string, unknown>;

/** The partition being read (empty when the stream has no partition router). */
export type StreamSlice = Record<string, unknown>;

/** A JSON Schema, as a plain object. */
export type JsonSchema = Record<string, unknown>;
