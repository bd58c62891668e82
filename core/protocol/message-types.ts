/**
 * The Airbyte protocol messages a source writes, as a discriminated union on `type` (and a TRACE's
 * `trace.type`): a consumer narrows a message by its type instead of casting it.
 *
 * @example
 * if (message.type === "TRACE" && message.trace.type === "STREAM_STATUS") message.trace.stream_status.status;
 */

import type { ConnectorConfigControlMessage } from "../config/connector-config-message.js";

/** A stream's status, as the protocol's STREAM_STATUS trace names it. */
export type AirbyteStreamStatus = "STARTED" | "RUNNING" | "COMPLETE" | "INCOMPLETE";

/** A LOG message's level. */
export type AirbyteLogLevel = "DEBUG" | "INFO" | "WARN" | "ERROR";

/** A stream named in a message. */
export interface StreamDescriptor {
  name: string;
}

/** `{ type: "RECORD", record: { stream, data, emitted_at } }` */
export interface AirbyteRecordMessage {
  type: "RECORD";
  record: { stream: string; data: Record<string, unknown>; emitted_at: number };
}

/** A per-stream STATE, with the records counted since the previous one. */
export interface AirbyteStateMessage {
  type: "STATE";
  state: { type: "STREAM"; stream: { stream_descriptor: StreamDescriptor; stream_state: Record<string, unknown> }; sourceStats: { recordCount: number } };
}

/** A STREAM_STATUS trace. */
export interface StreamStatusTrace {
  type: "STREAM_STATUS";
  emitted_at: number;
  stream_status: { stream_descriptor: StreamDescriptor; status: AirbyteStreamStatus };
}

/** An ESTIMATE trace: how many records a stream will have in this sync. */
export interface EstimateTrace {
  type: "ESTIMATE";
  emitted_at: number;
  estimate: { name: string; type: "STREAM"; row_estimate: number };
}

/** An ERROR trace. */
export interface ErrorTrace {
  type: "ERROR";
  emitted_at: number;
  error: { message: string; internal_message?: string; failure_type: string; stream_descriptor?: StreamDescriptor };
}

/** A TRACE message, narrowed by `trace.type`. */
export interface AirbyteTraceMessage {
  type: "TRACE";
  trace: StreamStatusTrace | EstimateTrace | ErrorTrace;
}

/** A LOG message. */
export interface AirbyteLogMessage {
  type: "LOG";
  log: { level: AirbyteLogLevel; message: string };
}

/** A CATALOG message (what `discover` prints). */
export interface AirbyteCatalogMessage {
  type: "CATALOG";
  catalog: { streams: readonly unknown[] };
}

/** A SPEC message (what `spec` prints). */
export interface AirbyteSpecMessage {
  type: "SPEC";
  spec: Record<string, unknown>;
}

/** A CONNECTION_STATUS message (what `check` prints). */
export interface AirbyteConnectionStatusMessage {
  type: "CONNECTION_STATUS";
  connectionStatus: { status: "SUCCEEDED" | "FAILED"; message?: string };
}

/** A CONTROL message: the connector's config changed (core/config/connector-config-message.ts builds it). */
export type AirbyteControlMessage = ConnectorConfigControlMessage;

/**
 * One Airbyte protocol message, as a source writes it.
 *
 * @example
 * const message: AirbyteMessage = { type: "RECORD", record: { stream: "users", data: { id: 1 }, emitted_at: 1700000000000 } };
 */
export type AirbyteMessage =
  | AirbyteRecordMessage
  | AirbyteStateMessage
  | AirbyteTraceMessage
  | AirbyteLogMessage
  | AirbyteCatalogMessage
  | AirbyteSpecMessage
  | AirbyteConnectionStatusMessage
  | AirbyteControlMessage;
