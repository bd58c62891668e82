/**
 * The HTTP methods a requester may use.
 *
 * @example
 * # manifest
 * requester: { type: HttpRequester, http_method: POST }
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A query parameter value: a list is sent as repeated keys (`?a=1&a=2`).
 *
 * @example
 * request.params.status = ["open", "closed"]; // ?status=open&status=closed
 */
export type QueryValue = string | number | boolean | ReadonlyArray<string | number | boolean>;

/**
 * A request being assembled. The requester fills it from the manifest, the paginator injects its
 * token and page size, and the authenticator adds credentials, each through {@link injectRequestValue}
 * so that two sources never silently overwrite each other.
 *
 * @example
 * const request: OutgoingRequest = {
 *   method: "GET", url: "https://api.example.com/v1/users",
 *   params: { limit: "100" }, headers: { Accept: "application/json" },
 * };
 */
export interface OutgoingRequest {
  method: HttpMethod;
  /** The absolute URL; it may carry a query string of its own (a next-page URL does). */
  url: string;
  /** Query parameters added to the URL; a key already present in the URL with the same value is not repeated. */
  params: Record<string, QueryValue>;
  headers: Record<string, string>;
  /** A JSON body. */
  bodyJson?: Record<string, unknown>;
  /** A form body (`application/x-www-form-urlencoded`), or a raw string body. */
  bodyData?: Record<string, unknown> | string;
}

/**
 * Copies a request deeply enough that changing the copy never changes the original.
 *
 * @example
 * const signed = cloneRequest(request);
 * await authenticator.apply(signed); // request itself keeps no credentials
 */
export function cloneRequest(request: OutgoingRequest): OutgoingRequest {
  return {
    method: request.method,
    url: request.url,
    params: { ...request.params },
    headers: { ...request.headers },
    bodyJson: request.bodyJson === undefined ? undefined : structuredClone(request.bodyJson),
    bodyData: request.bodyData === undefined || typeof request.bodyData === "string" ? request.bodyData : { ...request.bodyData },
  };
}
