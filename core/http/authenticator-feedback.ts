import type { ApiBudget, Authenticator, BudgetRequest, BudgetResponse, Clock, ErrorDecision, OutgoingRequest } from "../../sdk/index.js";

/** The retry delay after a rate-limited response when another credential can serve the retry (the kit's `TOKEN_ROTATION_BACKOFF`). */
export const TOKEN_ROTATION_DELAY_MS = 100;

/**
 * Tells a response to the ones that learn from it: the connector's API budget, and the authenticator
 * that signed the request when it reconciles counters from responses (`onResponse`). An authenticator's
 * mistake here never fails the request: quota bookkeeping is advice, the error handler decides.
 *
 * @example
 * learnFromResponse(budget, options.authenticator, encoded, { status: 200, header: (name) => headers.get(name) ?? undefined });
 */
export function learnFromResponse(budget: ApiBudget | undefined, authenticator: Authenticator | undefined, request: BudgetRequest, response: BudgetResponse): void {
  budget?.update(request, response);
  if (!authenticator?.onResponse) return;
  try {
    authenticator.onResponse(request, response);
  } catch {
    // as the kit: a failed update leaves the counters as they were
  }
}

/**
 * The delay before retrying a rate-limited request on another credential: {@link TOKEN_ROTATION_DELAY_MS}
 * when the decision is `RATE_LIMITED` and the authenticator says another of its tokens can serve it now,
 * else undefined (the decision's own delay, or the backoff, applies).
 *
 * @example
 * const delay = this.delay(attempt, rotationDelayMs(options.authenticator, sent.request, decision) ?? decision.delayMs);
 */
export function rotationDelayMs(authenticator: Authenticator | undefined, signed: OutgoingRequest, decision: ErrorDecision): number | undefined {
  if (decision.action !== "retry" || !decision.rateLimited || !authenticator?.hasAlternativeCredential) return undefined;
  try {
    return authenticator.hasAlternativeCredential(signed) ? TOKEN_ROTATION_DELAY_MS : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long an authenticator's `apply` took, in the client's clock: the request's time limit moves by
 * it, as it does for Sluice's own throttling. A token pool waiting for a quota reset (up to its
 * `max_wait_time`) or a token fetched over HTTP (under its own limit) is not the API's time.
 *
 * @example
 * if (applying) deadline.at += await timeWaited(this.parts.clock, applying);
 */
export async function timeWaited(clock: Pick<Clock, "now">, applying: Promise<void>): Promise<number> {
  const started = clock.now();
  await applying;
  return clock.now() - started;
}
