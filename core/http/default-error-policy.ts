import type { AttemptOutcome, ErrorDecision } from "../../sdk/index.js";

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
    return { action: "retry", delayMs: retryAfterMs(outcome.response.headers.get("retry-after")), reason: `status ${status}`, ...(status === 429 ? { rateLimited: true } : {}) };
  }
  return { action: "fail" };
}

/**
 * `Retry-After` in milliseconds: seconds or an HTTP date; 0, negative or unparsable means no hint.
 *
 * @example
 * retryAfterMs("2") === 2000
 */
function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return seconds > 0 ? seconds * 1000 : undefined;
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  const delay = date - now;
  return delay > 0 ? delay : undefined;
}
