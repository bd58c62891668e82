import { AuthenticationError, type Clock, type Logger } from "../../sdk/index.js";
import { parseCount, parseResetTime } from "./quota-reset-time.js";
import type { QuotaState } from "./quota-status-source.js";
import type { TokenQuota } from "./token-quota.js";

/** The cap of the proactive throttling delay per request (the kit's `MAX_BUDGET_DELAY`). */
const MAX_BUDGET_DELAY_MS = 10_000;
/** The shortest exhaustion wait, so a stale reset time cannot make a refresh loop (`MIN_EXHAUSTION_WAIT`). */
const MIN_EXHAUSTION_WAIT_MS = 5_000;
/** A progress line this often while waiting for a reset (`HEARTBEAT_INTERVAL`). */
const HEARTBEAT_MS = 60_000;
/** How far behind the held reset a response's reset may be and still count as the current window. */
const RESET_SKEW_MS = 60_000;

/** What {@link QuotaPools} needs from its owner. */
export interface QuotaPoolsOptions {
  tokens: readonly string[];
  quotas: readonly TokenQuota[];
  /** Reads every token's pools from the quota status endpoint. */
  seed: () => Promise<Map<string, Map<string, QuotaState>>>;
  clock: Clock;
  logger: Logger;
  maxWaitMs: number;
  budgetReserveFraction: number;
  budgetMinReserve: number;
}

/**
 * The counters of a `RateLimitedMultipleTokenAuthenticator`: per token, per pool, what is left and
 * when it resets. {@link acquire} charges one call to the active token (rotating past spent ones,
 * throttling near the reserve, waiting for the earliest reset when all are spent), {@link update}
 * reconciles a pool with a response's headers, {@link hasAlternative} says whether another token can
 * serve a rate-limited retry. The rules are the kit's, in milliseconds of the injected clock.
 *
 * @example
 * const token = await pools.acquire(quota); // then sign the request with it
 */
export class QuotaPools {
  private states = new Map<string, Map<string, QuotaState>>();
  private active = 0;
  private seeding?: Promise<void>;
  private budgetLogged = false;

  constructor(private readonly options: QuotaPoolsOptions) {}

  /** Seeds the counters once (concurrent first requests share the one seeding). */
  ensureSeeded(): Promise<void> {
    this.seeding ??= this.reseed().catch((error: unknown) => {
      this.seeding = undefined;
      throw error;
    });
    return this.seeding;
  }

  /** The token to sign with, one call charged to its pool. */
  async acquire(quota: TokenQuota): Promise<string> {
    const { tokens, clock, maxWaitMs } = this.options;
    let deadline: number | undefined;
    for (;;) {
      const token = tokens[this.active];
      const state = this.state(token, quota);
      if (!state.tracked) {
        this.active = (this.active + 1) % tokens.length; // round-robin: nothing tells the tokens apart
        return token;
      }
      if (state.remaining > 0) {
        state.remaining -= 1;
        await this.throttle(quota);
        return token;
      }
      const all = tokens.map((t) => this.state(t, quota));
      if (!all.every((s) => s.remaining <= 0 && s.tracked)) {
        this.active = (this.active + 1) % tokens.length;
        continue;
      }
      const now = clock.now();
      deadline ??= now + maxWaitMs;
      const left = deadline - now;
      const nextReset = Math.min(...all.map((s) => s.resetAt));
      if (left <= 0 || nextReset - now >= left) {
        throw new AuthenticationError("AUTH_QUOTA_EXHAUSTED", `Rate limit is exceeded for all ${tokens.length} provided tokens (quota: ${quota.name}); the next reset is at ${new Date(nextReset).toISOString()}, beyond max_wait_time (${Math.round(maxWaitMs / 1000)} s)`, {
          expected: `a quota reset within max_wait_time (${Math.round(left / 1000)} s left)`,
          found: `every token spent until ${new Date(nextReset).toISOString()}`,
        });
      }
      const wait = Math.min(Math.max(nextReset - now, MIN_EXHAUSTION_WAIT_MS), left);
      this.options.logger.info(`All tokens exhausted (quota: ${quota.name}). Waiting ${Math.round(wait / 1000)}s until rate limit resets.`);
      await this.sleepWithHeartbeat(wait, quota.name);
      if (tokens.every((t) => this.state(t, quota).remaining <= 0 && this.state(t, quota).tracked)) await this.refresh();
    }
  }

  /** Reconciles the pool of the token that sent a request with what its response reports (the kit's `update_from_response`). */
  update(token: string, quota: TokenQuota, status: number, header: (name: string) => string | undefined): void {
    if (!quota.responseAware) return;
    const read = (name: string | undefined) => (name ? header(name) : undefined);
    let remaining = intHeader(read(quota.headers.remaining));
    if (remaining === undefined && quota.exhaustionStatusCodes.includes(status)) remaining = 0;
    const resetText = read(quota.headers.reset);
    const resetAt = resetText === undefined ? undefined : parseResetTime(resetText);
    const limit = intHeader(read(quota.headers.limit));
    if (remaining === undefined && limit === undefined && resetAt === undefined) return;
    const state = this.states.get(token)?.get(quota.name);
    if (!state || !state.tracked) return; // not seeded yet, or tracking is off for it
    if (limit !== undefined && limit > 0 && (resetAt === undefined || resetAt >= state.resetAt)) state.limit = limit;
    if (resetAt !== undefined && resetAt > state.resetAt) {
      state.resetAt = resetAt; // a new window: take the server's numbers
      state.remaining = remaining ?? state.limit;
    } else if (remaining !== undefined && ((remaining <= 0 && quota.exhaustionStatusCodes.includes(status)) || resetAt === undefined || resetAt >= state.resetAt - RESET_SKEW_MS)) {
      state.remaining = Math.min(state.remaining, remaining); // same window: only ever tighten
    }
  }

  /** Whether a token other than the spent `sender` still has calls in the pool (the kit's `has_alternative_token`). */
  hasAlternative(sender: string, quota: TokenQuota): boolean {
    const state = this.states.get(sender)?.get(quota.name);
    if (!state || !state.tracked || state.remaining > 0) return false;
    return this.options.tokens.some((t) => t !== sender && (this.states.get(t)?.get(quota.name)?.remaining ?? 0) > 0);
  }

  /** Whether `token` is one of the pool's tokens. */
  has(token: string): boolean {
    return this.states.has(token);
  }

  private state(token: string, quota: TokenQuota): QuotaState {
    return this.states.get(token)!.get(quota.name)!;
  }

  private async reseed(): Promise<void> {
    const seeded = await this.options.seed();
    this.states = seeded;
    this.budgetLogged = false;
    const untracked = [...seeded.values()].filter((pools) => [...pools.values()].some((s) => !s.tracked)).length;
    if (untracked) this.options.logger.info(`Quota status endpoint reports that rate limiting is unavailable for ${untracked} of ${seeded.size} tokens: those tokens are used in turn without quota tracking (no waits for a reset, no throttling).`);
  }

  /** One refresh after an exhaustion wait, shared by every request that waited. */
  private refreshing?: Promise<void>;
  private refresh(): Promise<void> {
    this.refreshing ??= this.reseed().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Spreads the last calls over the time to the reset once every token is below its reserve. */
  private async throttle(quota: TokenQuota): Promise<void> {
    const { tokens, clock, budgetMinReserve, budgetReserveFraction, logger } = this.options;
    const all = tokens.map((t) => this.state(t, quota));
    if (all.some((s) => !s.tracked) || !all.every((s) => s.remaining <= Math.max(budgetMinReserve, s.limit * budgetReserveFraction))) return;
    const toReset = Math.max(this.state(tokens[this.active], quota).resetAt - clock.now(), 0);
    const total = all.reduce((sum, s) => sum + Math.max(s.remaining, 0), 0);
    if (total <= 0 || toReset <= 0) return;
    const delay = Math.min(toReset / total, MAX_BUDGET_DELAY_MS);
    if (delay < 100) return;
    if (!this.budgetLogged) logger.info(`API budget: throttling requests (${(delay / 1000).toFixed(1)}s delay) for quota '${quota.name}'.`);
    this.budgetLogged = true;
    await clock.sleep(delay);
  }

  private async sleepWithHeartbeat(total: number, pool: string): Promise<void> {
    for (let left = total; left > 0; ) {
      const chunk = Math.min(left, HEARTBEAT_MS);
      await this.options.clock.sleep(chunk);
      left -= chunk;
      if (left > 0) this.options.logger.info(`Rate limit exhausted (quota: ${pool}). Waiting for reset — ${Math.round(left / 1000)}s remaining.`);
    }
  }
}

function intHeader(value: string | undefined): number | undefined {
  return value === undefined ? undefined : parseCount(value);
}
