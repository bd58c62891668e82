/**
 * The Airbyte protocol messages a source emits, as plain objects (one JSON line each on stdout). Built
 * here, in one place, for the CLI and for any host that speaks the protocol.
 */

import type {
  AirbyteCatalogMessage,
  AirbyteLogLevel,
  AirbyteLogMessage,
  AirbyteMessage,
  AirbyteRecordMessage,
  AirbyteStateMessage,
  AirbyteStreamStatus,
  AirbyteTraceMessage,
} from "./message-types.js";

export type * from "./message-types.js";

/**
 * A RECORD message.
 *
 * @example
 * recordMessage("users", { id: 1 }); // { type: "RECORD", record: { stream: "users", data: { id: 1 }, emitted_at: ... } }
 */
export function recordMessage(stream: string, data: Record<string, unknown>, emittedAt = Date.now()): AirbyteRecordMessage {
  return { type: "RECORD", record: { stream, data, emitted_at: emittedAt } };
}

/**
 * The STATE message of one stream's state (`sourceStats.recordCount`: records since the previous one).
 *
 * @example
 * stateMessage("users", { updated_at: "2024-01-02T00:00:00Z" }, 120);
 */
export function stateMessage(stream: string, state: Record<string, unknown>, recordCount: number): AirbyteStateMessage {
  return { type: "STATE", state: { type: "STREAM", stream: { stream_descriptor: { name: stream }, stream_state: state }, sourceStats: { recordCount } } };
}

/**
 * The final STATE of a full-refresh stream that was read completely (the kit's
 * `__ab_no_cursor_state_message`): the platform takes it as "the whole stream was read".
 *
 * @example
 * fullRefreshStateMessage("users", 2500);
 */
export function fullRefreshStateMessage(stream: string, recordCount: number): AirbyteStateMessage {
  return stateMessage(stream, { __ab_no_cursor_state_message: true }, recordCount);
}

/**
 * A STREAM_STATUS trace.
 *
 * @example
 * streamStatusMessage("users", "COMPLETE");
 */
export function streamStatusMessage(stream: string, status: AirbyteStreamStatus, emittedAt = Date.now()): AirbyteTraceMessage {
  return { type: "TRACE", trace: { type: "STREAM_STATUS", emitted_at: emittedAt, stream_status: { stream_descriptor: { name: stream }, status } } };
}

/**
 * An ESTIMATE trace: how many records the stream will have in this sync.
 *
 * @example
 * estimateMessage("users", 20000);
 */
export function estimateMessage(stream: string, rows: number, emittedAt = Date.now()): AirbyteTraceMessage {
  return { type: "TRACE", trace: { type: "ESTIMATE", emitted_at: emittedAt, estimate: { name: stream, type: "STREAM", row_estimate: rows } } };
}

/**
 * An ERROR trace (the texts as given: redact them first).
 *
 * @example
 * errorTraceMessage({ message: "[HTTP_STATUS] GET ... answered 500", failureType: "system_error", stream: "users" });
 */
export function errorTraceMessage(error: { message: string; failureType: string; internal?: string; stream?: string }, emittedAt = Date.now()): AirbyteTraceMessage {
  return {
    type: "TRACE",
    trace: {
      type: "ERROR",
      emitted_at: emittedAt,
      error: {
        message: error.message,
        internal_message: error.internal,
        failure_type: error.failureType,
        ...(error.stream === undefined ? {} : { stream_descriptor: { name: error.stream } }),
      },
    },
  };
}

/**
 * A LOG message (the text as given: redact it first).
 *
 * @example
 * logMessage("WARN", "stream 'users': stopped after 3 pages as --max-pages asks");
 */
export function logMessage(level: AirbyteLogLevel, message: string): AirbyteLogMessage {
  return { type: "LOG", log: { level, message } };
}

/**
 * A CATALOG message (what `discover` prints; the catalog from `airbyteCatalog`).
 *
 * @example
 * catalogMessage(await airbyteCatalog(connector));
 */
export function catalogMessage(catalog: { streams: readonly unknown[] }): AirbyteCatalogMessage {
  return { type: "CATALOG", catalog };
}

/**
 * The stream and status of a STREAM_STATUS trace (undefined for any other message).
 *
 * @example
 * streamStatusOf(streamStatusMessage("users", "COMPLETE")); // { stream: "users", status: "COMPLETE" }
 */
export function streamStatusOf(message: AirbyteMessage): { stream: string; status: AirbyteStreamStatus } | undefined {
  if (message.type !== "TRACE" || message.trace.type !== "STREAM_STATUS") return undefined;
  const { stream_descriptor, status } = message.trace.stream_status;
  return { stream: stream_descriptor.name, status };
}

/**
 * The text of an ERROR trace (undefined for any other message).
 *
 * @example
 * errorTextOf(errorTraceMessage({ message: "boom", failureType: "system_error" })); // "boom"
 */
export function errorTextOf(message: AirbyteMessage): string | undefined {
  return message.type === "TRACE" && message.trace.type === "ERROR" ? message.trace.error.message : undefined;
}

/**
 * The level and text of a LOG message (undefined for any other message).
 *
 * @example
 * logOf(logMessage("WARN", "careful")); // { level: "WARN", message: "careful" }
 */
export function logOf(message: AirbyteMessage): { level: AirbyteLogLevel; message: string } | undefined {
  return message.type === "LOG" ? message.log : undefined;
}
