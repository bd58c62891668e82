import type { Authenticator } from "../auth/authenticator.js";
import type { ErrorHandler } from "../components/error-handler.js";
import type { ErrorLocation } from "../errors/sluice-error.js";
import type { HttpResponse } from "../http/http-response.js";
import type { OutgoingRequest } from "../http/outgoing-request.js";
import type { RequestPurpose } from "./read-observer.js";
import { serviceToken } from "./service-token.js";

/**
 * Options of one {@link HttpClient.send}.
 *
 * @example
 * await http.send(request, { authenticator, where: { stream: "users", page: 2 }, signal });
 */
export interface SendOptions {
  signal?: AbortSignal;
  /** Applied to a fresh copy of the request before every attempt (tokens may change between retries). */
  authenticator?: Authenticator;
  /** Decides what to do with each response or network error; the default retries 429, 5xx and network errors. */
  errorHandler?: ErrorHandler;
  /** Where this request belongs, for error messages. */
  where?: ErrorLocation;
  /** Per-attempt timeout in milliseconds (default from the host options). */
  timeoutMs?: number;
  /**
   * Whether a redirect to another origin than the request's may be followed; it is then followed with no
   * credentials at all (no authenticator, no header carrying a secret, no body). Default: the host's
   * `readLimits.followCrossOriginPages`, else refused with `HTTP_REDIRECT_CROSS_ORIGIN`.
   */
  followCrossOrigin?: boolean;
  /** What the request is for, as a {@link ReadObserver} sees it (default `page`). */
  purpose?: RequestPurpose;
  /** Keep the body as bytes (for a decoder of binary content, see `Decoder.readsBytes`) rather than UTF-8 text. Default false. */
  readBytes?: boolean;
  /**
   * Makes the response reusable for the rest of the read (the read `signal` belongs to, see `readRoot`):
   * a later send with the same key in the same read gets a copy of it instead of a request, and sends with
   * the same key in flight at once share one request. The key names the request as it was before any
   * authenticator touched it, and the authenticator; Sluice's requester sets it for parent streams and
   * `use_cache: true`. Only successful responses are kept, in memory, within `http.responseCacheBytes`.
   */
  cacheKey?: string;
}

/**
 * Sends requests with retries, backoff, timeouts and clear errors. Built-in and custom components
 * use it for their own calls (a token refresh, a session login).
 *
 * @example
 * const http = ctx.get(HttpClient);
 * const response = await http.send({ method: "POST", url: tokenUrl, params: {}, headers: {}, bodyData: form });
 */
export interface HttpClient {
  send(request: OutgoingRequest, options?: SendOptions): Promise<HttpResponse>;
}

/** The DI token of the {@link HttpClient}. */
export const HttpClient = serviceToken<HttpClient>("sluice.HttpClient");
