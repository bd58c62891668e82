/**
 * The Airbyte protocol messages a source emits, as plain objects (one JSON line each on stdout). Built
 * here, in one place, for the CLI and for any host that speaks the protocol.
 */

/** A stream's status, as the protocol's STREAM_STATUS trace names it. */
export type AirbyteStreamStatus = "STARTED" | "RUNNING" | "COMPLETE" | "INCOMPLETE";

/** A LOG message's level. */
export type AirbyteLogLevel = "DEBUG" | "INFO" | "WARN" | "ERROR";

/**
 * One Airbyte protocol message, as a source writes it.
 *
 * @example
 * { type: "RECORD", record: { stream: "users", data: { id: 1 }, emitted_at: 1700000000000 } }
 */
export type AirbyteMessage = { type: "RECORD" | "STATE" | "TRACE" | "LOG" | "CATALOG" | "SPEC" | "CONNECTION_STATUS" | "CONTROL"; [field: string]: unknown };

/**
 * A RECORD message.
 *
 * @example
 * recordMessage("users", { id: 1 }); // { type: "RECORD", record: { stream: "users", data: { id: 1 }, emitted_at: ... } }
 */
export function recordMessage(stream: string, data: Record<string, unknown>, emittedAt = Date.now()): AirbyteMessage {
  return { type: "RECORD", record: { stream, data, emitted_at: emittedAt } };
}

/**
 * The STATE message of one stream's state (`sourceStats.recordCount`: records since the previous one).
 *
 * @example
 * stateMessage("users", { updated_at: "2024-01-02T00:00:00Z" }, 120);
 */
export function stateMessage(stream: string, state: Record<string, unknown>, recordCount: number): AirbyteMessage {
  return { type: "STATE", state: { type: "STREAM", stream: { stream_descriptor: { name: stream }, stream_state: state }, sourceStats: { recordCount } } };
}

/**
 * The final STATE of a full-refresh stream that was read completely (the kit's
 * `__ab_no_cursor_state_message`): the platform takes it as "the whole stream was read".
 *
 * @example
 * fullRefreshStateMessage("users", 2500);
 */
export function fullRefreshStateMessage(stream: string, recordCount: number): AirbyteMessage {
  return stateMessage(stream, { __ab_no_cursor_state_message: true }, recordCount);
}

/**
 * A STREAM_STATUS trace.
 *
 * @example
 * streamStatusMessage("users", "COMPLETE");
 */
export function streamStatusMessage(stream: string, status: AirbyteStreamStatus, emittedAt = Date.now()): AirbyteMessage {
  return { type: "TRACE", trace: { type: "STREAM_STATUS", emitted_at: emittedAt, stream_status: { stream_descriptor: { name: stream }, status } } };
}

/**
 * An ESTIMATE trace: how many records the stream will have in this sync.
 *
 * @example
 * estimateMessage("users", 20000);
 */
export function estimateMessage(stream: string, rows: number, emittedAt = Date.now()): AirbyteMessage {
  return { type: "TRACE", trace: { type: "ESTIMATE", emitted_at: emittedAt, estimate: { name: stream, type: "STREAM", row_estimate: rows } } };
}

/**
 * An ERROR trace (the texts as given: redact them first).
 *
 * @example
 * errorTraceMessage({ message: "[HTTP_STATUS] GET ... answered 500", failureType: "system_error", stream: "users" });
 */
export function errorTraceMessage(error: { message: string; failureType: string; internal?: string; stream?: string }, emittedAt = Date.now()): AirbyteMessage {
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
export function logMessage(level: AirbyteLogLevel, message: string): AirbyteMessage {
  return { type: "LOG", log: { level, message } };
}

/**
 * A CATALOG message (what `discover` prints; the catalog from `airbyteCatalog`).
 *
 * @example
 * catalogMessage(await airbyteCatalog(connector));
 */
export function catalogMessage(catalog: { streams: readonly unknown[] }): AirbyteMessage {
  return { type: "CATALOG", catalog };
}

/**
 * The stream and status of a STREAM_STATUS trace (undefined for any other message).
 *
 * @example
 * streamStatusOf(streamStatusMessage("users", "COMPLETE")); // { stream: "users", status: "COMPLETE" }
 */
export function streamStatusOf(message: AirbyteMessage): { stream: string; status: AirbyteStreamStatus } | undefined {
  const trace = message.type === "TRACE" ? (message.trace as { type: string; stream_status?: { stream_descriptor: { name: string }; status: AirbyteStreamStatus } }) : undefined;
  const status = trace?.type === "STREAM_STATUS" ? trace.stream_status : undefined;
  return status && { stream: status.stream_descriptor.name, status: status.status };
}

/**
 * The text of an ERROR trace (undefined for any other message).
 *
 * @example
 * errorTextOf(errorTraceMessage({ message: "boom", failureType: "system_error" })); // "boom"
 */
export function errorTextOf(message: AirbyteMessage): string | undefined {
  const trace = message.type === "TRACE" ? (message.trace as { type: string; error?: { message: string } }) : undefined;
  return trace?.type === "ERROR" ? trace.error?.message : undefined;
}

/**
 * The level and text of a LOG message (undefined for any other message).
 *
 * @example
 * logOf(logMessage("WARN", "careful")); // { level: "WARN", message: "careful" }
 */
export function logOf(message: AirbyteMessage): { level: AirbyteLogLevel; message: string } | undefined {
  return message.type === "LOG" ? (message.log as { level: AirbyteLogLevel; message: string }) : undefined;
}
