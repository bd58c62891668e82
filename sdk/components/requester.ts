import type { SendOptions } from "../services/http-client.js";
import type { HttpResponse } from "../http/http-response.js";
import type { OutgoingRequest } from "../http/outgoing-request.js";
import type { DataRecord, StreamSlice } from "./records.js";
import type { Awaitable } from "./awaitable.js";

/**
 * What a requester needs to build the request of one page.
 *
 * @example
 * requester.buildRequest({ nextPageToken: "cursor_abc", streamSlice: { account_id: "acc_1" } });
 */
export interface RequestInput {
  /** The raw page token (undefined on a first page without an initial token). */
  nextPageToken?: unknown;
  streamSlice?: StreamSlice;
  /** A path or whole URL from the paginator (`RequestPath`) that replaces the requester's own path. */
  pagePath?: string;
  /** The stream's current state (incremental streams), for manifests that still interpolate `stream_state`. */
  streamState?: Record<string, unknown>;
}

/**
 * Builds and sends the requests of a stream (an `HttpRequester` in the manifest).
 *
 * @example
 * const request = requester.buildRequest({ nextPageToken: 100 });
 * paginator.applyToRequest(request, 100);
 * const response = await requester.send(request, { where: { stream: "users", page: 2 } });
 */
export abstract class Requester {
  /** The `QueryProperties` in `request_parameters`, if any: the retriever reads each slice once per chunk of them. */
  declare readonly queryProperties?: QueryProperties;
  /**
   * Whether the requests read `stream_state` (the stream's current state), which changes as records are
   * taken. Only a requester that says `false` has a slice's next page requested before the current
   * page has been handed out (see docs/concurrency.md); the default, true, is always safe.
   */
  get readsStreamState(): boolean {
    return true;
  }
  /** May answer with a promise (a Python requester's request options cross the bridge), which the read awaits. */
  abstract buildRequest(input: RequestInput): Awaitable<OutgoingRequest>;
  /** Adds the credentials (unless the request leaves the configured origin) and sends. */
  abstract send(request: OutgoingRequest, options?: SendOptions): Promise<HttpResponse>;
}

/**
 * The properties (fields, columns) a requester asks for in one request parameter (`QueryProperties`),
 * split into chunks when an API limits how many one request may name (HubSpot's `properties`). The
 * retriever reads a slice once per chunk, with the chunk as `stream_slice.extra_fields.query_properties`,
 * and merges the records of the chunks by `mergeKey`.
 *
 * @example
 * const chunks = await requester.queryProperties.chunks(); // [["id", "name", "email"], ["id", "phone"]]
 */
export interface QueryProperties {
  /** The request parameter the chunk goes into, joined with commas. */
  readonly parameter: string;
  /** The chunks of properties (one chunk when there is no `property_chunking`). */
  chunks(signal?: AbortSignal): Promise<string[][]>;
  /** The key records of different chunks are merged by (`GroupByKeyMergeStrategy`); undefined: not merged. */
  mergeKey(record: DataRecord): string | undefined;
}
