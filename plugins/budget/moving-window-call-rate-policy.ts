import { Interpolator, ManifestError, Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";
import { buildMatchers, MATCHER_DEFAULTS, MATCHERS_SCHEMA } from "./build-matchers.js";
import { checkWeights, durationMs, MatchedPolicy, type CallRatePolicy } from "./call-rate-policy.js";
import type { HttpRequestRegexMatcher } from "./http-request-regex-matcher.js";

/** One rate of a moving window: at most `limit` calls in any `intervalMs`. */
interface Rate {
  limit: number;
  intervalMs: number;
}

/**
 * At most `limit` calls in any `interval` (a sliding window), for each of its `rates` (the kit's
 * `MovingWindowCallRatePolicy`). It remembers when each call was made within the longest interval.
 * When the API's headers say fewer calls remain than the policy thinks, the difference counts as calls
 * made now; a response saying none remain with a reset time holds every call until then.
 *
 * @example
 * policies:
 *   - type: MovingWindowCallRatePolicy
 *     rates:
 *       - { limit: 10, interval: PT1S }
 *       - { limit: "{{ config.get('hourly_limit', 1000) }}", interval: PT1H }
 *     matchers: [{ method: GET, url_base: https://api.example.com }]
 */
export class MovingWindowCallRatePolicy extends MatchedPolicy {
  /** The calls made, oldest first, within the longest interval. */
  private calls: Array<{ at: number; weight: number }> = [];
  private blockedUntil = 0;
  private readonly longest: number;

  constructor(
    private readonly rates: readonly Rate[],
    matchers: readonly HttpRequestRegexMatcher[],
    readonly description: string,
  ) {
    super(matchers);
    this.longest = Math.max(...rates.map((r) => r.intervalMs));
  }

  tryAcquire(weight: number, now: number): number {
    if (now < this.blockedUntil) return this.blockedUntil - now;
    this.forget(now);
    let wait = 0;
    for (const rate of this.rates) wait = Math.max(wait, this.waitFor(rate, weight, now));
    if (wait > 0) return wait;
    this.calls.push({ at: now, weight });
    return 0;
  }

  update(remaining: number | undefined, resetAt: number | undefined, now: number): void {
    if (remaining === undefined) return;
    this.forget(now);
    const first = this.rates[0]!;
    const left = first.limit - this.used(first, now);
    if (remaining < left) this.calls.push({ at: now, weight: left - remaining });
    if (remaining <= 0 && resetAt !== undefined && resetAt > now) this.blockedUntil = resetAt;
  }

  /** How long until `weight` more calls fit in `rate` (0: now). */
  private waitFor(rate: Rate, weight: number, now: number): number {
    let excess = this.used(rate, now) + weight - rate.limit;
    if (excess <= 0) return 0;
    for (const call of this.calls) {
      if (call.at <= now - rate.intervalMs) continue;
      excess -= call.weight;
      if (excess <= 0) return Math.max(1, call.at + rate.intervalMs - now);
    }
    return rate.intervalMs;
  }

  private used(rate: Rate, now: number): number {
    let used = 0;
    for (const call of this.calls) if (call.at > now - rate.intervalMs) used += call.weight;
    return used;
  }

  private forget(now: number): void {
    let drop = 0;
    while (drop < this.calls.length && this.calls[drop]!.at <= now - this.longest) drop++;
    if (drop > 0) this.calls.splice(0, drop);
  }
}

/** The `MovingWindowCallRatePolicy` component. */
export const MovingWindowCallRatePolicyComponent: ComponentFactory<CallRatePolicy> = defineComponent({
  type: "MovingWindowCallRatePolicy",
  kind: "call_rate_policy",
  fieldDefaults: MATCHER_DEFAULTS,
  description: "At most N calls in any interval, for each of its rates",
  schema: Type.Object({
    rates: Type.Array(
      Type.Object({ type: Type.Optional(Type.Literal("Rate")), limit: jsonSchema<number | string>({ type: ["integer", "string"] }), interval: Type.String() }),
      { minItems: 1 },
    ),
    matchers: MATCHERS_SCHEMA,
  }),
  async build(def, ctx) {
    const rates = def.rates.map((rate, i): Rate => {
      const path = `${ctx.path}.rates[${i}]`;
      const raw = rate.limit;
      const limit = Number(typeof raw === "string" ? ctx.get(Interpolator).compile(raw, { path: `${path}.limit` }).eval({ config: ctx.config, parameters: ctx.parameters }) : raw);
      if (!(Number.isInteger(limit) && limit >= 1)) {
        throw new ManifestError("BUDGET_INVALID", "A rate's limit must be a whole number of at least 1", { where: { manifestPath: `${path}.limit` }, expected: "1, 2, ...", found: String(limit) });
      }
      return { limit, intervalMs: durationMs(rate.interval, `${path}.interval`) };
    });
    const matchers = await buildMatchers(def, ctx);
    checkWeights(matchers, Math.min(...rates.map((r) => r.limit)), ctx.path);
    const shown = def.rates.map((r, i) => `${rates[i]!.limit} per ${r.interval}`).join(", ");
    return new MovingWindowCallRatePolicy(rates, matchers, `MovingWindowCallRatePolicy at ${ctx.path} (${shown})`);
  },
});
