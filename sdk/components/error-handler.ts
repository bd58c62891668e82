import type { Awaitable } from "./awaitable.js";
import type { FailureType } from "../errors/sluice-error.js";
import type { HttpResponse } from "../http/http-response.js";

/**
 * What to do with one response or network error.
 * - `success`: hand the response on;
 * - `retry`: try again after `delayMs` (or the client's exponential backoff when unset);
 * - `ignore`: treat the response as the end of the stream's data (no records, no further pages);
 * - `fail`: stop with `message`.
 *
 * @example
 * { action: "retry", delayMs: 2_000, reason: "429 with Retry-After: 2" }
 */
export type ErrorDecision =
  | { action: "success" }
  /** `rateLimited`: the kit's `RATE_LIMITED` (a 429 by default): a token-rotating authenticator may retry at once with another token. */
  | { action: "retry"; delayMs?: number; reason?: string; rateLimited?: boolean }
  | { action: "ignore"; reason?: string }
  | { action: "fail"; message?: string; failureType?: FailureType }
  /** Start the slice's pagination again from its first page (the kit's `RESET_PAGINATION`). */
  | { action: "reset_pagination"; reason?: string };

/**
 * The outcome of one attempt: a response, or the network error that prevented one.
 *
 * @example
 * decide: ({ response, error, attempt }) => (error && attempt < 3 ? { action: "retry", delayMs: 500 } : undefined)
 */
export interface AttemptOutcome {
  response?: HttpResponse;
  error?: Error;
  /** 1 for the first attempt. */
  attempt: number;
  /** The read's signal, for a handler whose answer crosses to another process (a Python handler's call is cancelled when it aborts). */
  signal?: AbortSignal;
}

/**
 * Classifies responses. The HTTP client asks it after every attempt.
 *
 * @example
 * const handler: ErrorHandler = {
 *   maxRetries: 5,
 *   maxTimeMs: 120_000,
 *   decide: ({ response }) => response?.status === 404 ? { action: "ignore" } : { action: "success" },
 * };
 */
export abstract class ErrorHandler {
  /** Most retries of one request (default 5). */
  declare readonly maxRetries?: number;
  /**
   * Most time, in milliseconds, one request may take from its first attempt on, attempts and waits
   * included (the kit's `max_time`, in seconds there). The client stops retrying when it is spent and
   * fails with `HTTP_MAX_TIME`; the host's request deadline still applies, the tighter one wins.
   * Undefined: only the host's deadline.
   */
  declare readonly maxTimeMs?: number;
  /** May answer with a promise (a Python handler's), which the HTTP client awaits; a built-in's synchronous answer costs no extra turn. */
  abstract decide(outcome: AttemptOutcome): Awaitable<ErrorDecision | undefined>;
}
