import type { Awaitable } from "./awaitable.js";
import type { AttemptOutcome } from "./error-handler.js";

/**
 * How long to wait before retrying, in seconds, or undefined for "no opinion" (the next strategy, then
 * the client's exponential backoff, decides). `attempt` is 1 for the first attempt, as in the kit. The
 * base class of `CustomBackoffStrategy` classes.
 *
 * @example
 * export class OneMinuteOn429 extends BackoffStrategy {
 *   backoffSeconds(outcome: AttemptOutcome) { return outcome.response?.status === 429 ? 60 : undefined; }
 * }
 */
export abstract class BackoffStrategy {
  /** May answer with a promise (a Python strategy's), which the HTTP client awaits. */
  abstract backoffSeconds(outcome: AttemptOutcome): Awaitable<number | undefined>;
}
