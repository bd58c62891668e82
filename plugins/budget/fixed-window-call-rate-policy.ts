import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";
import { buildMatchers, MATCHER_DEFAULTS, MATCHERS_SCHEMA } from "./build-matchers.js";
import { checkWeights, durationMs, MatchedPolicy, type CallRatePolicy } from "./call-rate-policy.js";
import type { HttpRequestRegexMatcher } from "./http-request-regex-matcher.js";

/**
 * `call_limit` calls per `period`, counted in fixed windows (the kit's `FixedWindowCallRatePolicy`).
 * A window starts with its first call and lasts `period`; the API's headers move it: a lower
 * remaining count uses calls up, a reset time becomes the window's end. (The kit starts the first
 * window ten days long until a response says otherwise; Sluice starts it at the first call, so an API
 * that sends no rate-limit headers still gets `call_limit` calls per `period`.)
 *
 * @example
 * api_budget:
 *   type: HTTPAPIBudget
 *   policies:
 *     - type: FixedWindowCallRatePolicy
 *       period: PT1M
 *       call_limit: 100
 *       matchers: []          # every request
 */
export class FixedWindowCallRatePolicy extends MatchedPolicy {
  private calls = 0;
  private resetAt?: number;

  constructor(
    private readonly periodMs: number,
    private readonly callLimit: number,
    matchers: readonly HttpRequestRegexMatcher[],
    readonly description: string,
  ) {
    super(matchers);
  }

  tryAcquire(weight: number, now: number): number {
    this.roll(now);
    if (this.calls + weight > this.callLimit) return Math.max(1, this.resetAt! - now);
    this.calls += weight;
    return 0;
  }

  update(remaining: number | undefined, resetAt: number | undefined, now: number): void {
    this.roll(now);
    if (remaining !== undefined && this.callLimit - this.calls > remaining) this.calls = this.callLimit - remaining;
    if (resetAt !== undefined && resetAt > now) this.resetAt = resetAt;
  }

  /** Starts a new window when there is none or the current one has ended. */
  private roll(now: number): void {
    if (this.resetAt === undefined || now >= this.resetAt) {
      this.resetAt = now + this.periodMs;
      this.calls = 0;
    }
  }
}

/** The `FixedWindowCallRatePolicy` component. */
export const FixedWindowCallRatePolicyComponent: ComponentFactory<CallRatePolicy> = defineComponent({
  type: "FixedWindowCallRatePolicy",
  kind: "call_rate_policy",
  fieldDefaults: MATCHER_DEFAULTS,
  description: "A fixed number of calls per period",
  schema: Type.Object({ period: Type.String(), call_limit: Type.Integer({ minimum: 1 }), matchers: MATCHERS_SCHEMA }),
  async build(def, ctx) {
    const period = durationMs(def.period, `${ctx.path}.period`);
    const limit = def.call_limit;
    const matchers = await buildMatchers(def, ctx);
    checkWeights(matchers, limit, ctx.path);
    return new FixedWindowCallRatePolicy(period, limit, matchers, `FixedWindowCallRatePolicy at ${ctx.path} (${limit} calls per ${String(def.period)})`);
  },
});
