import { serviceToken } from "../../sdk/index.js";

/**
 * Transport settings a host may change. With the defaults, a server that accepts connections and never
 * answers fails a request in at most `requestDeadlineMs` (3 minutes); see docs/error-handling.md for how
 * they compare with the Python kit's (no request timeout, 5 retries within 10 minutes of backoff).
 *
 * @example
 * createSluice({ http: { timeoutMs: 10_000, maxRetries: 3, requestDeadlineMs: 60_000 } });
 */
export interface HttpOptions {
  /** Per-attempt timeout: the time one attempt may take until its whole response has arrived (default 30 s). */
  timeoutMs: number;
  /** Retries of one request after 429, 5xx or a network error, for requests whose error handler sets none (default 5). */
  maxRetries: number;
  /**
   * When set, the retries of every request, replacing the error handlers' `max_retries` (the CLI's
   * `--max-retries`; `0` fails at the first error, for debugging a manifest).
   */
  maxRetriesOverride?: number;
  /**
   * The total time one request may take, every attempt and every wait between attempts included
   * (default 180 s). An attempt's timeout is cut to what is left; a retry whose wait would end past the
   * deadline is not made: the request fails at once with `HTTP_DEADLINE`. Waiting for a request slot or
   * the connector's own API budget does not count (that is `maxBudgetWaitMs`).
   */
  requestDeadlineMs: number;
  /** The first backoff delay; it doubles per retry, with jitter (default 1 s). */
  baseDelayMs: number;
  /** The longest wait between two attempts, `Retry-After` included (default 60 s). */
  maxDelayMs: number;
  /**
   * Connections kept open per host (default 64). The request slots already bound the requests in
   * flight to the read's concurrency; this only caps the sockets, so keep it at least that high.
   */
  maxSockets: number;
  /** Redirects followed for one request before it fails with `HTTP_REDIRECT_LIMIT` (default 10). */
  maxRedirects: number;
  /**
   * The largest response body read, in bytes after decompression (default 100 MiB); a larger one fails
   * with `HTTP_RESPONSE_TOO_LARGE` as soon as the limit is passed, without reading the rest.
   */
  maxResponseBytes: number;
  /** The deepest nesting of objects and lists a JSON response may have (default 1,000); deeper fails with `RESPONSE_TOO_DEEP`. */
  maxNestingDepth: number;
  /**
   * The longest a request waits for its turn from the API budget (`api_budget`) before the read fails
   * with `BUDGET_WAIT_TOO_LONG` (default 10 minutes: a minute or hour window waits, an exhausted daily
   * quota fails at once with a clear error instead of sleeping for hours).
   */
  maxBudgetWaitMs: number;
  /**
   * The most bytes of responses the response cache of parent streams (and `use_cache: true`) keeps per
   * read, in memory (default 64 MiB); past it the least recently used are evicted and requested again if
   * needed. 0 turns the cache off.
   */
  responseCacheBytes: number;
  /** The transport: `node-fetch` (default) or `undici`. A `Fetch` service a host registers wins over both. */
  transport: TransportName;
}

/** The built-in transports. */
export type TransportName = "node-fetch" | "undici";

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  timeoutMs: 30_000,
  maxRetries: 5,
  requestDeadlineMs: 180_000,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxSockets: 64,
  maxRedirects: 10,
  maxResponseBytes: 100 * 1024 * 1024,
  maxNestingDepth: 1_000,
  maxBudgetWaitMs: 600_000,
  responseCacheBytes: 64 * 1024 * 1024,
  transport: "node-fetch",
};

/** The DI token of the {@link HttpOptions}. */
export const HttpOptionsToken = serviceToken<HttpOptions>("sluice.HttpOptions");
