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
  /** Connections kept open per host (default 8). */
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
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  timeoutMs: 60_000,
  maxRetries: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxSockets: 8,
  maxRedirects: 10,
  maxResponseBytes: 100 * 1024 * 1024,
  maxNestingDepth: 1_000,
};

/** The DI token of the {@link HttpOptions}. */
export const HttpOptionsToken = serviceToken<HttpOptions>("sluice.HttpOptions");
