import type { DataRecord, StreamSlice } from "../../sdk/components/records.js";

/**
 * What `sluice test-read --json` prints: for each stream, its slices, and for each slice its pages,
 * each with the request as sent and the response as received (credentials redacted), the records
 * after filters and transformations, and the pagination decision.
 *
 * @example
 * {"streams":[{"name":"users","slices":[{"slice":{},"pages":[{"request":{"method":"GET","url":"...","headers":{"X-Api-Key":"****"},"body":null},
 *   "response":{"status":200,"headers":{...},"body":"{\"data\":[...]}","bytes":2769},"records":[...],"next_page_token":25,"stop_reason":null,
 *   "auxiliary_requests":[]}]}],"records":25}],"warnings":[]}
 */
export interface TestReadDocument {
  streams: TestReadStream[];
  /** Things the author should know (a token rotated in memory only, a limit that cut the read short). */
  warnings: string[];
  /** The read's log messages, info and above, redacted, when the read was asked to keep them (the Builder does). */
  logs?: TestReadLog[];
}

/** One log message of a test read. */
export interface TestReadLog {
  level: "debug" | "info" | "warn" | "error";
  message: string;
}

/** One stream of a test read; `error` when the read failed (the pages before the failure are kept). */
export interface TestReadStream {
  name: string;
  slices: TestReadSlice[];
  /** The records shown, all slices together. */
  records: number;
  /** The stream's size as the API announces it (`total_records`, summed over the slices read), when it does. */
  estimate?: number;
  error?: string;
  /** Where in the manifest the error points (`streams[0].retriever.requester.path`), when it knows. */
  error_path?: string;
  /** The stream's state when the read ended (an incremental stream; absent for a full refresh), redacted: what the next read starts from. */
  state?: Record<string, unknown>;
  /** With `--detect-schema`: the JSON Schema inferred from the records (core/schema/), `null` when there were none. */
  inferred_schema?: Record<string, unknown> | null;
}

/** One slice (a partition, a date window; `{}` for an unsliced stream) and its pages. */
export interface TestReadSlice {
  slice: StreamSlice;
  pages: TestReadPage[];
  /** The stream's state once this slice was closed, when closing it moved the state (incremental streams). */
  state?: Record<string, unknown>;
}

/** A request as sent, redacted. */
export interface TestReadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** A response as received, redacted; `body` is cut at the body limit (`truncated` then), `bytes` is the whole body's size as received. */
export interface TestReadResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: number;
  truncated?: true;
}

/** A request the read needed besides the page itself: a token refresh, a session login, a parent stream's page, a retried attempt. */
export interface TestReadExchange {
  purpose: string;
  attempt: number;
  ms: number;
  request: TestReadRequest;
  response: TestReadResponse | null;
  error?: string;
}

/**
 * One page: the request and response, its records, and either the next page token or why the slice's
 * read stopped (both when a test-read limit stopped it).
 */
export interface TestReadPage {
  request: TestReadRequest | null;
  response: TestReadResponse | null;
  records: DataRecord[];
  next_page_token: unknown;
  stop_reason: string | null;
  /** Requests sent before this page's own (in order): token refreshes, logins, retried attempts. */
  auxiliary_requests: TestReadExchange[];
  ms?: number;
}
