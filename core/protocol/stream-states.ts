import { parseJson } from "../../python/exact-json.js";
import { ConfigError, SluiceError } from "../../sdk/index.js";
import { checkInputDepth, readBoundedText } from "../config/bounded-input-file.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * Each stream's saved state, by stream name.
 *
 * @example
 * new Map([["users", { updated_at: "2024-01-02T00:00:00Z" }]])
 */
export type StreamStates = Map<string, Record<string, unknown>>;

/**
 * How a state file is read.
 *
 * @example
 * { redact: (text) => connector.redact(text) }
 */
export interface LoadStateOptions {
  /**
   * Masks known secrets (the connector's `Secrets.redact`): a state file may hold a token inside a cursor
   * or a copied config, and an error quotes an excerpt of a bad entry. The whole entry is redacted first
   * and only then cut, so a secret that straddles the cut leaves none of its characters behind.
   */
  redact?: (text: string) => string;
}

/**
 * Reads a state file (`sluice read --state FILE`) with {@link parseStreamStates}; an unreadable file or
 * bad JSON is `STATE_INVALID` naming the file (and the position only: the text may hold a token).
 *
 * @example
 * const states = await readStreamStates("state.json", { redact: (text) => connector.redact(text) });
 * connector.read("users", { state: states.get("users") });
 */
export async function readStreamStates(file: string, options: LoadStateOptions = {}): Promise<StreamStates> {
  return parseStreamStates(await readStateJson(file), { ...options, file });
}

/**
 * Each stream's saved state from the Airbyte per-stream state a platform sends: a list of
 * `{ "type": "STREAM", "stream": { "stream_descriptor": { "name": "users" }, "stream_state": { ... } } }`
 * (each entry may also be a whole STATE message as `sluice read` prints it, `{ "type": "STATE", "state": {...} }`;
 * for a stream listed twice the last entry wins), or the legacy object `{ "users": { ... } }`. A GLOBAL
 * entry is skipped. Anything else is `STATE_INVALID` with a redacted excerpt of the bad entry.
 *
 * @example
 * const states = parseStreamStates(JSON.parse(text), { file: "state.json" });
 */
export function parseStreamStates(parsed: unknown, options: LoadStateOptions & { file?: string } = {}): StreamStates {
  const { file } = options;
  const excerpt = (value: unknown, max: number) => {
    const text = JSON.stringify(value);
    if (text === undefined) return "nothing";
    const safe = (options.redact ?? ((t: string) => t))(text);
    return safe.length > max ? `${safe.slice(0, max)}…` : safe;
  };
  const states: StreamStates = new Map();
  if (Array.isArray(parsed)) {
    parsed.forEach((entry, i) => {
      const message = isJsonObject(entry) && entry.type === "STATE" && isJsonObject(entry.state) ? entry.state : entry;
      if (isJsonObject(message) && message.type === "GLOBAL") return;
      const stream = isJsonObject(message) ? message.stream : undefined;
      const name = isJsonObject(stream) && isJsonObject(stream.stream_descriptor) ? stream.stream_descriptor.name : undefined;
      if (typeof name !== "string") {
        throw new ConfigError("STATE_INVALID", `State entry ${i} has no stream.stream_descriptor.name`, {
          where: { file },
          expected: '[{ "type": "STREAM", "stream": { "stream_descriptor": { "name": ... }, "stream_state": { ... } } }]',
          found: excerpt(entry, 120),
        });
      }
      const state = (stream as Record<string, unknown>).stream_state;
      if (isJsonObject(state)) states.set(name, state);
      else states.delete(name);
    });
    return states;
  }
  if (!isJsonObject(parsed)) {
    throw new ConfigError("STATE_INVALID", "The state file holds neither a list of stream states nor an object of them", { where: { file }, expected: "a JSON list or object", found: excerpt(parsed, 80) });
  }
  for (const [name, state] of Object.entries(parsed)) if (isJsonObject(state)) states.set(name, state);
  return states;
}

/** The file as JSON; a parse error names the position only (JSON.parse quotes the text around it, which may be a token). */
async function readStateJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readBoundedText(file, "state");
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError("STATE_INVALID", "The state file could not be read", { where: { file }, expected: "a readable JSON file", found: (error as NodeJS.ErrnoException).code ?? "an error" });
  }
  let value: unknown;
  try {
    value = parseJson(text, { file }); // a cursor past 2^53 stays exact
  } catch (error) {
    if (error instanceof SluiceError) throw error; // a number beyond float range, the file and field named
    const position = /position (\d+)/.exec((error as Error).message)?.[0];
    throw new ConfigError("STATE_INVALID", "The state file is not valid JSON", { where: { file }, expected: "a JSON list of stream states", found: `invalid JSON${position ? ` at ${position}` : ""}` });
  }
  checkInputDepth(value, file, "state");
  return value;
}

