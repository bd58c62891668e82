import type { DataRecord, StreamSlice } from "../components/records.js";
import type { ErrorLocation } from "../errors/sluice-error.js";
import { serviceToken } from "./service-token.js";

/**
 * Why a request was sent: a page of a stream, or an auxiliary request the read needed (a token
 * refresh, a session login, a page of a parent stream is a `page` of that other stream).
 *
 * @example
 * await http.send(loginRequest, { purpose: "session_login" });
 */
export type RequestPurpose = "page" | "token_refresh" | "session_login" | (string & {});

/**
 * A request as it went on the wire, every credential redacted (URL, header values, body).
 *
 * @example
 * { method: "GET", url: "https://api.example.com/v1/users?limit=100&api_key=****", headers: { Authorization: "Bearer ****" } }
 */
export interface ObservedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A response as it came back, redacted; `bytes` is the size of the whole body.
 *
 * @example
 * { status: 200, headers: { "content-type": "application/json" }, body: '{"data":[...]}', bytes: 5120 }
 */
export interface ObservedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: number;
}

/**
 * One HTTP attempt: the request, its response (or the error), how long it took, and what it was for.
 * A retried request is several exchanges with rising `attempt`.
 *
 * @example
 * { purpose: "page", attempt: 1, ms: 12.5, where: { stream: "users", page: 2 }, request: {...}, response: {...} }
 */
export interface ObservedExchange {
  purpose: RequestPurpose;
  attempt: number;
  ms: number;
  where?: ErrorLocation;
  request: ObservedRequest;
  response?: ObservedResponse;
  /** The network error (redacted), when no response came. */
  error?: string;
}

/**
 * One page of a stream once its records were handed out (after filters and transformations), with the
 * pagination decision: the next token, or why the read of the slice stopped (both when a page limit
 * stopped it before the next token was used).
 *
 * @example
 * { stream: "users", slice: {}, page: 1, records: [{ id: 1 }], nextPageToken: 100 }
 * { stream: "users", slice: {}, page: 3, records: [], stopReason: "the page had 0 records, fewer than the page size 100" }
 */
export interface ObservedPage {
  stream: string;
  slice: StreamSlice;
  page: number;
  records: readonly DataRecord[];
  nextPageToken?: unknown;
  stopReason?: string;
  /** The total the API announces on the slice's first page (the retriever's `total_records`), when it has one. */
  totalRecords?: number;
}

/**
 * A slice a stream starts reading (a partition, a date window).
 *
 * @example
 * { stream: "comments", slice: { partition: { post_id: 7 } } }
 */
export interface ObservedSlice {
  stream: string;
  slice: StreamSlice;
}

/**
 * Watches a read as it happens: every HTTP exchange (auxiliary ones included, marked by their purpose),
 * every page's records and pagination decision, every slice. Everything it receives is already
 * redacted through the secret registry. Register one to trace a read (`sluice test-read` and
 * `--log-level debug` do); when none is registered the engine skips all of it.
 *
 * @example
 * sluice.register(ReadObserver, {
 *   exchange: (x) => console.error(x.request.method, x.request.url, x.response?.status, `${x.ms} ms`),
 *   page: (p) => console.error(p.stream, p.page, p.records.length, p.stopReason ?? p.nextPageToken),
 * });
 */
export interface ReadObserver {
  exchange?(exchange: ObservedExchange): void;
  page?(page: ObservedPage): void;
  slice?(slice: ObservedSlice): void;
}

/** The DI token of the {@link ReadObserver} (absent unless a host or a command registers one). */
export const ReadObserver = serviceToken<ReadObserver>("sluice.ReadObserver");
