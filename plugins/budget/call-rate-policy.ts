import { ManifestError, type BudgetRequest } from "../../sdk/index.js";
import { isoDurationLengthMs, parseIsoDuration } from "../../python/iso-duration.js";
import type { HttpRequestRegexMatcher } from "./http-request-regex-matcher.js";

/**
 * One policy of an API budget: which requests it governs (its matchers) and how many calls it allows.
 * `tryAcquire` either takes the calls (returns 0) or says how long to wait before asking again.
 *
 * @example
 * const wait = policy.tryAcquire(policy.weight(request), clock.now());
 * if (wait > 0) await clock.sleep(wait);
 */
export interface CallRatePolicy {
  /** How errors and logs name the policy: its type, manifest path and limits. */
  readonly description: string;
  matches(request: BudgetRequest): boolean;
  /** The calls a request costs: the first matching matcher's `weight`, default 1. */
  weight(request: BudgetRequest): number;
  /** Takes `weight` calls at `now` (ms) when allowed and returns 0; else the ms to wait before trying again. */
  tryAcquire(weight: number, now: number): number;
  /** What the API says: calls remaining and when its window resets (ms since the epoch), either may be unknown. */
  update(remaining: number | undefined, resetAt: number | undefined, now: number): void;
}

/**
 * The part every policy shares: matching a request by its matchers (none: every request) and its weight.
 *
 * @example
 * class MyPolicy extends MatchedPolicy { ... }
 */
export abstract class MatchedPolicy implements CallRatePolicy {
  abstract readonly description: string;

  constructor(protected readonly matchers: readonly HttpRequestRegexMatcher[]) {}

  matches(request: BudgetRequest): boolean {
    return this.matchers.length === 0 || this.matchers.some((m) => m.matches(request));
  }

  weight(request: BudgetRequest): number {
    return this.matchers.find((m) => m.matches(request))?.weight ?? 1;
  }

  abstract tryAcquire(weight: number, now: number): number;
  abstract update(remaining: number | undefined, resetAt: number | undefined, now: number): void;
}

/**
 * An ISO 8601 duration (`PT1M`, `PT1H`, `P1D`) in milliseconds: a length without a starting date, so a
 * month counts 30 days and a year 365 (`isoDurationLengthMs`, where both meanings of a month are chosen).
 *
 * @example
 * durationMs("PT15M", "api_budget.policies[0].period"); // 900000
 */
export function durationMs(text: unknown, manifestPath: string): number {
  const parsed = typeof text === "string" ? parseIsoDuration(text) : undefined;
  const ms = parsed ? isoDurationLengthMs(parsed) : NaN;
  if (!(ms > 0)) {
    throw new ManifestError("BUDGET_INVALID", "A rate-limit interval must be a positive ISO 8601 duration", {
      where: { manifestPath },
      expected: "a duration such as PT1S, PT1M, PT1H or P1D",
      found: JSON.stringify(text) ?? String(text),
    });
  }
  return ms;
}

/** Refuses a matcher whose weight could never fit the policy's smallest limit (it would wait forever). */
export function checkWeights(matchers: readonly HttpRequestRegexMatcher[], limit: number, manifestPath: string): void {
  for (const [i, matcher] of matchers.entries()) {
    if (matcher.weight !== undefined && matcher.weight > limit) {
      throw new ManifestError("BUDGET_INVALID", `A matcher's weight (${matcher.weight}) exceeds the policy's limit (${limit})`, {
        where: { manifestPath: `${manifestPath}.matchers[${i}].weight` },
        expected: `a weight of at most ${limit}`,
        found: String(matcher.weight),
      });
    }
  }
}
