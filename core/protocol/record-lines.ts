import { stringifyJson } from "../../python/exact-json.js";
import { SluiceError } from "../../sdk/index.js";
import { recordMessage } from "./messages.js";

/**
 * The RECORD line of one record (exact integers kept, python/exact-json.ts). A record that cannot be
 * written as JSON (nested too deep for the call stack, a cycle) fails with `RECORD_NOT_SERIALIZABLE`
 * naming the stream.
 *
 * @example
 * recordLine("users", { id: 1 }); // '{"type":"RECORD","record":{"stream":"users","data":{"id":1},"emitted_at":...}}\n'
 */
export function recordLine(stream: string, data: Record<string, unknown>): string {
  try {
    return `${stringifyJson(recordMessage(stream, data))}\n`;
  } catch (error) {
    throw new SluiceError("RECORD_NOT_SERIALIZABLE", `A record of stream ${stream} cannot be written as JSON: ${error instanceof Error ? error.message : String(error)}`, {
      where: { stream },
      expected: "a JSON value nested at most a few thousand levels deep, without cycles",
      found: error instanceof RangeError ? "a record nested too deep" : "a value JSON cannot hold",
      cause: error,
    });
  }
}

/**
 * The RECORD lines of a page of one stream's records, the hot path of every read: the same lines as
 * {@link recordLine}, with the stream and the time serialised once per page (one clock read).
 *
 * @example
 * recordLines("users", [{ id: 1 }, { id: 2 }]); // two RECORD lines, one emitted_at
 */
export function recordLines(stream: string, records: readonly Record<string, unknown>[], emittedAt = Date.now()): string {
  const head = `{"type":"RECORD","record":{"stream":${JSON.stringify(stream)},"data":`;
  const tail = `,"emitted_at":${emittedAt}}}\n`;
  let lines = "";
  for (const data of records) lines += head + stringifyJson(data) + tail;
  return lines;
}
