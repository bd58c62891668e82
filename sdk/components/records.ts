/**
 * One record read from an API: a JSON object.
 *
 * @example
 * const record: DataRecord = { id: 42, email: "ada@example.com" };
 */
export type DataRecord = Record<string, unknown>;

/**
 * The partition being read (empty when the stream has no partition router).
 *
 * @example
 * const slice: StreamSlice = { account_id: "acc_1" };
 */
export type StreamSlice = Record<string, unknown>;

/**
 * A JSON Schema, as a plain object.
 *
 * @example
 * const schema: JsonSchema = { type: "object", properties: { id: { type: "integer" } } };
 */
export type JsonSchema = Record<string, unknown>;
