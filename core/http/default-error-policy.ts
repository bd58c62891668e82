import { retryAfterMs, type AttemptOutcome, type ErrorDecision } from "../../sdk/index.js";

/**
 * The decision when no error handler of the manifest has an opinion: 2xx and 3xx succeed; 429, 5xx and
 * network errors are retried (honouring `Retry-After`); any other status fails.
 *
 * @example
 * defaultDecision({ attempt: 1, response: { status: 503, ... } }) // { action: "retry" }
 */
export function defaultDecision(outcome: AttemptOutcome): ErrorDecision {
  if (outcome.error || !outcome.response) return { action: "retry", reason: outcome.error?.message ?? "no response" };
  const status = outcome.response.status;
  if (status < 400) return { action: "success" };
  if (status === 429 || status >= 500) {
    return { action: "retry", delayMs: retryAfterMs(outcome.response), reason: `status ${status}`, ...(status === 429 ? { rateLimited: true } : {}) };
  }
  return { action: "fail" };
}
