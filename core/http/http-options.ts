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
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = { timeoutMs: 60_000, maxRetries: 5, baseDelayMs: 1_000, maxDelayMs: 60_000, maxSockets: 8 };

/** The DI token of the {@link HttpOptions}. */
export const HttpOptionsToken = serviceToken<HttpOptions>("sluice.HttpOptions");
