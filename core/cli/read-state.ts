import { readFile } from "node:fs/promises";
import { ConfigError } from "../../sdk/index.js";

/** Each stream's saved state, by stream name. */
export type StreamStates = Map<string, Record<string, unknown>>;

/**
 * Reads `sluice read --state FILE`: Airbyte per-stream state, a list of
 * `{ "type": "STREAM", "stream": { "stream_descriptor": { "name": "users" }, "stream_state": { ... } } }`
 * (each entry may also be a whole STATE message as `sluice read` prints it, `{ "type": "STATE", "state": {...} }`;
 * for a stream listed twice the last entry wins), or the legacy object `{ "users": { ... } }`.
 *
 * @example
 * const states = await loadStreamStates("state.json");
 * connector.read("users", { state: states.get("users") });
 */
export async function loadStreamStates(file: string): Promise<StreamStates> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ConfigError("STATE_INVALID", "The state file could not be read as JSON", { where: { file }, cause: error });
  }
  const states: StreamStates = new Map();
  if (Array.isArray(parsed)) {
    parsed.forEach((entry, i) => {
      const message = isObject(entry) && entry.type === "STATE" && isObject(entry.state) ? entry.state : entry;
      if (isObject(message) && message.type === "GLOBAL") return;
      const stream = isObject(message) ? message.stream : undefined;
      const name = isObject(stream) && isObject(stream.stream_descriptor) ? stream.stream_descriptor.name : undefined;
      if (typeof name !== "string") {
        throw new ConfigError("STATE_INVALID", `State entry ${i} has no stream.stream_descriptor.name`, {
          where: { file },
          expected: '[{ "type": "STREAM", "stream": { "stream_descriptor": { "name": ... }, "stream_state": { ... } } }]',
          found: JSON.stringify(entry)?.slice(0, 120) ?? "nothing",
        });
      }
      const state = (stream as Record<string, unknown>).stream_state;
      if (isObject(state)) states.set(name, state);
      else states.delete(name);
    });
    return states;
  }
  if (!isObject(parsed)) {
    throw new ConfigError("STATE_INVALID", "The state file holds neither a list of stream states nor an object of them", { where: { file }, expected: "a JSON list or object", found: JSON.stringify(parsed)?.slice(0, 80) ?? "nothing" });
  }
  for (const [name, state] of Object.entries(parsed)) if (isObject(state)) states.set(name, state);
  return states;
}

/**
 * The Airbyte STATE message of one stream's state (`sourceStats.recordCount`: records since the previous one).
 *
 * @example
 * out.message(streamStateMessage("users", { updated_at: "2024-01-02T00:00:00Z" }, 120));
 */
export function streamStateMessage(stream: string, state: Record<string, unknown>, recordCount: number): Record<string, unknown> {
  return { type: "STATE", state: { type: "STREAM", stream: { stream_descriptor: { name: stream }, stream_state: state }, sourceStats: { recordCount } } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
