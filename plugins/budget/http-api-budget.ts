import {
  Clock,
  HttpRequestError,
  Logger,
  type ApiBudget,
  type BudgetRequest,
  type BudgetResponse,
  type BudgetWaitOptions,
  type ComponentFactory,
  Type,
  componentSchema,
  defineComponent,
} from "../../sdk/index.js";
import type { CallRatePolicy } from "./call-rate-policy.js";

/** What an {@link HttpApiBudget} is made of. */
interface HttpApiBudgetParts {
  /** Tried in order: the first policy that matches a request governs it; none matching: no limit. */
  policies: readonly CallRatePolicy[];
  /** The response header with the time the API's window resets (default `ratelimit-reset`). */
  resetHeader: string;
  /** The response header with the calls remaining (default `ratelimit-remaining`). */
  remainingHeader: string;
  /** Statuses that mean "no calls remain" (default [429]). */
  rateLimitStatuses: readonly number[];
  clock: Pick<Clock, "now" | "sleep">;
  logger?: Logger;
}

/**
 * The connector's API budget (the kit's `HTTPAPIBudget`): every request of every stream and worker,
 * token refreshes and logins included, takes its turn from the policy that matches it, waiting
 * instead of failing. Each response corrects the policy: `ratelimit_remaining_header` (a lower count
 * uses calls up), `ratelimit_reset_header` (epoch seconds, as the kit reads it, or seconds from now for
 * a small number) and a status in `status_codes_for_ratelimit_hit` (no calls remain).
 *
 * @example
 * api_budget:
 *   type: HTTPAPIBudget
 *   ratelimit_remaining_header: X-RateLimit-Remaining
 *   ratelimit_reset_header: X-RateLimit-Reset
 *   status_codes_for_ratelimit_hit: [429, 420]
 *   policies:
 *     - type: MovingWindowCallRatePolicy
 *       rates: [{ limit: 100, interval: PT10S }]
 *       matchers: []
 */
export class HttpApiBudget implements ApiBudget {
  private readonly waitingNoted = new Set<CallRatePolicy>();

  constructor(private readonly parts: HttpApiBudgetParts) {}

  acquire(request: BudgetRequest, options: BudgetWaitOptions = {}): Promise<void> | undefined {
    const policy = this.policyFor(request);
    if (!policy) return undefined;
    const weight = policy.weight(request);
    const wait = policy.tryAcquire(weight, this.parts.clock.now());
    return wait === 0 ? undefined : this.waitForTurn(policy, weight, wait, options);
  }

  update(request: BudgetRequest, response: BudgetResponse): void {
    const policy = this.policyFor(request);
    if (!policy) return;
    const now = this.parts.clock.now();
    const remainingText = response.header(this.parts.remainingHeader);
    let remaining = remainingText === undefined || remainingText.trim() === "" ? undefined : Number(remainingText);
    if (remaining !== undefined && !Number.isFinite(remaining)) remaining = undefined;
    if (remaining === undefined && this.parts.rateLimitStatuses.includes(response.status)) remaining = 0;
    policy.update(remaining, resetTime(response.header(this.parts.resetHeader), now), now);
  }

  private policyFor(request: BudgetRequest): CallRatePolicy | undefined {
    for (const policy of this.parts.policies) if (policy.matches(request)) return policy;
    return undefined;
  }

  private async waitForTurn(policy: CallRatePolicy, weight: number, firstWait: number, options: BudgetWaitOptions): Promise<void> {
    const { clock } = this.parts;
    const max = options.maxWaitMs ?? Infinity;
    for (let wait = firstWait; wait > 0; wait = policy.tryAcquire(weight, clock.now())) {
      if (wait > max) {
        throw new HttpRequestError("BUDGET_WAIT_TOO_LONG", `The API budget's ${policy.description} has no call left for ${formatMs(wait)}, longer than the ${formatMs(max)} a request may wait`, {
          failureType: "transient_error",
          expected: `a turn within ${formatMs(max)} (raise the host's http.maxBudgetWaitMs, or sync later)`,
          found: `the next call allowed in ${formatMs(wait)}`,
        });
      }
      if (!this.waitingNoted.has(policy)) {
        this.waitingNoted.add(policy);
        this.parts.logger?.info(`waiting for the API budget: ${policy.description} has no call left for ${formatMs(wait)}`);
      }
      await clock.sleep(wait, options.signal);
    }
  }
}

/** The reset header as ms since the epoch: epoch seconds (the kit's reading), or seconds from now when small. */
function resetTime(text: string | undefined, now: number): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return undefined;
  return value > 1e9 ? value * 1000 : now + value * 1000;
}

function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "ever";
  if (ms < 1000) return `${Math.ceil(ms)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 7_200_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

/** The `HTTPAPIBudget` component. */
export const HttpApiBudgetComponent: ComponentFactory<ApiBudget> = defineComponent({
  type: "HTTPAPIBudget",
  kind: "api_budget",
  description: "How many calls the API allows, shared by every request of the connector",
  schema: Type.Object({
    policies: Type.Array(componentSchema("call_rate_policy")),
    ratelimit_reset_header: Type.Optional(Type.String()),
    ratelimit_remaining_header: Type.Optional(Type.String()),
    status_codes_for_ratelimit_hit: Type.Optional(Type.Array(Type.Integer())),
  }),
  async build(def, ctx) {
    const policies = await Promise.all(def.policies.map((p, i) => ctx.buildChild<CallRatePolicy>(p, `${ctx.path}.policies[${i}]`)));
    return new HttpApiBudget({
      policies,
      resetHeader: def.ratelimit_reset_header ?? "ratelimit-reset",
      remainingHeader: def.ratelimit_remaining_header ?? "ratelimit-remaining",
      rateLimitStatuses: def.status_codes_for_ratelimit_hit ?? [429],
      clock: ctx.get(Clock),
      logger: ctx.get(Logger),
    });
  },
});
