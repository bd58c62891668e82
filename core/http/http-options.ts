import { serviceToken } from "../../sdk/index.js";

/**
 * Transport settings a host may change.
 *
 * @example
 * createSluice({ http: { timeoutMs: 30_000, maxRetries: 3 } });
 */
export interface HttpOptions {
  /** Per-attempt timeout (default 60 s). */
  timeoutMs: number;
  /** Retries of one request after 429, 5xx or a network error (default 5). */
  maxRetries: number;
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
  /** The transport: `node-fetch` (default) or `undici`. A `Fetch` service a host registers wins over both. */
  transport: TransportName;
}

/** The built-in transports. */
export type TransportName = "node-fetch" | "undici";

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  timeoutMs: 60_000,
  maxRetries: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxSockets: 64,
  maxRedirects: 10,
  maxResponseBytes: 100 * 1024 * 1024,
  maxNestingDepth: 1_000,
  maxBudgetWaitMs: 600_000,
  transport: "node-fetch",
};

/** The DI token of the {@link HttpOptions}. */
export const HttpOptionsToken = serviceToken<HttpOptions>("sluice.HttpOptions");
