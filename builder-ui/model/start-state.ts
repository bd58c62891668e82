import { isJsonObject } from "../../pure/json-object.js";
/**
 * The test panel's "Input state": the JSON an author types (or takes from the last read) for the next
 * test read to start from, checked against the stream's state shape before it is sent. A stream's
 * state is its cursor's (`{ "<cursor field>": value }`), or per partition for a partitioned stream
 * (`{ "states": [{ "partition": {...}, "cursor": {...} }], ... }`), as the engine writes it.
 *
 * @example
 * parseStartState('{"updated_at": "2024-01-03T00:00:00Z"}', { cursor: { type: "DatetimeBasedCursor", cursor_field: "updated_at" } })
 * // { state: { updated_at: "2024-01-03T00:00:00Z" } }
 * parseStartState('{"since": 1}', { cursor: { type: "DatetimeBasedCursor", cursor_field: "updated_at" } }).problem
 * // 'Input state: expected {"updated_at": "<datetime>"} (the cursor field of Incremental Sync), found the keys since'
 */
export interface StreamStateShape {
  /** The stream's resolved `incremental_sync` (undefined: the stream is not incremental). */
  cursor?: unknown;
  /** Whether the stream has a partition router (its state may be per partition). */
  partitioned?: boolean;
}

/** The parsed state to send (none for an empty text), or what is wrong with it. */
export function parseStartState(text: string, shape: StreamStateShape): { state?: Record<string, unknown>; problem?: string } {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `Input state is not JSON: ${(error as Error).message}` };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { problem: `Input state: expected a JSON object, found ${Array.isArray(parsed) ? "an array" : JSON.stringify(parsed)}` };
  const state = parsed as Record<string, unknown>;
  const cursor = shape.cursor && typeof shape.cursor === "object" ? (shape.cursor as { type?: unknown; cursor_field?: unknown }) : undefined;
  if (!cursor) return { problem: "Input state: this stream has no Incremental Sync, so a state does nothing; turn Incremental Sync on or clear the state" };
  const field = typeof cursor.cursor_field === "string" ? cursor.cursor_field : undefined;
  if (!field) return { state };
  if (Array.isArray(state.states)) {
    const bad = state.states.findIndex((entry) => !isJsonObject(entry) || !isJsonObject(entry.partition) || !isJsonObject(entry.cursor));
    if (bad >= 0) return { problem: `Input state: states[${bad}] should be {"partition": {...}, "cursor": {"${field}": ...}}` };
    return { state };
  }
  if (state.states !== undefined) return { problem: `Input state: "states" should be a list of {"partition": {...}, "cursor": {...}}` };
  if (isJsonObject(state.state) && shape.partitioned) return { state };
  if (!(field in state)) {
    const example = cursor.type === "IncrementingCountCursor" ? `{"${field}": <number>}` : `{"${field}": "<datetime>"}`;
    const found = Object.keys(state).length ? `the keys ${Object.keys(state).join(", ")}` : "an empty object";
    return { problem: `Input state: expected ${example} (the cursor field of Incremental Sync${shape.partitioned ? ', or "states" per partition' : ""}), found ${found}` };
  }
  const value = state[field];
  const ok = cursor.type === "IncrementingCountCursor" ? typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)) : typeof value === "string" || typeof value === "number";
  if (!ok) return { problem: `Input state: ${field} should be ${cursor.type === "IncrementingCountCursor" ? "a number" : "a datetime string"}, found ${JSON.stringify(value)}` };
  return { state };
}

