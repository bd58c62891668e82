import type { SendOptions } from "../services/http-client.js";
import type { HttpResponse } from "../http/http-response.js";
import type { OutgoingRequest } from "../http/outgoing-request.js";
import type { StreamSlice } from "./records.js";

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
  abstract buildRequest(input: RequestInput): OutgoingRequest;
  /** Adds the credentials (unless the request leaves the configured origin) and sends. */
  abstract send(request: OutgoingRequest, options?: SendOptions): Promise<HttpResponse>;
}
