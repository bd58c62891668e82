import type { Clock } from "../services/clock.js";

/**
 * A token as its issuer handed it out: the value and, when known, when it stops working.
 *
 * @example
 * { value: "eyJhbGciOi...", expiresAt: Date.now() + 3600_000 }
 */
export interface IssuedToken<T = string> {
  value: T;
  /** Milliseconds since the epoch; undefined: the token does not expire. */
  expiresAt?: number;
}

/**
 * Why a token source asks for a new token.
 *
 * @example
 * fetch: async (reason) => { if (reason === "rejected") logger.info("the API refused the token; fetching a new one"); ... }
 */
export type TokenFetchReason = "initial" | "expiring" | "rejected" | "every_use";

/**
 * Options of a {@link TokenSource}.
 *
 * @example
 * new TokenSource({ fetch: () => login(), clock: ctx.get(Clock), marginMs: 60_000 })
 */
export interface TokenSourceOptions<T> {
  /** Obtains a new token (a refresh request, a login, a signature). */
  fetch(reason: TokenFetchReason): Promise<IssuedToken<T>>;
  /** The time source (default: `Date.now`). */
  clock?: Pick<Clock, "now">;
  /**
   * How long before its expiry a token is replaced (default 60 s). Capped at half the token's
   * lifetime, so a token valid for 30 s is still used for 15 s instead of being refreshed on every use.
   */
  marginMs?: number;
  /** False: fetch a new token for every use (a session token without expiration). Default true. */
  reuse?: boolean;
  /** A token known before the first use (an `access_token_value` from the config). */
  initial?: IssuedToken<T>;
}

interface Cached<T> {
  value: T;
  /** When to stop using it: its expiry minus the margin (Infinity: never). */
  refreshAt: number;
  expiresAt?: number;
}

/**
 * The one token mechanism of OAuth, session tokens and JWTs: caches the current token with its
 * expiry, replaces it a margin before it expires, runs one fetch at a time while every concurrent
 * caller waits for that one result (single flight), and replaces a token the API rejected (401)
 * exactly once however many requests saw the rejection.
 *
 * @example
 * // in a custom authenticator
 * const source = new TokenSource({
 *   clock: ctx.get(Clock),
 *   fetch: async () => {
 *     const body = (await http.send(loginRequest)).json() as { token: string; expires_in: number };
 *     return { value: body.token, expiresAt: clock.now() + body.expires_in * 1000 };
 *   },
 * });
 * request.headers.Authorization = `Bearer ${await source.get()}`;
 * // on 401: if (await source.forceRefresh(tokenSentWithThatRequest)) retry
 */
export class TokenSource<T = string> {
  private cached?: Cached<T>;
  private inFlight?: Promise<Cached<T>>;
  private readonly clock: Pick<Clock, "now">;
  private readonly marginMs: number;
  private readonly reuse: boolean;
  private fetches = 0;

  constructor(private readonly options: TokenSourceOptions<T>) {
    this.clock = options.clock ?? { now: () => Date.now() };
    this.marginMs = options.marginMs ?? 60_000;
    this.reuse = options.reuse ?? true;
    if (options.initial) this.cached = this.toCached(options.initial, this.clock.now());
  }

  /** The current token, fetching a new one first when there is none or it is about to expire. */
  async get(): Promise<T> {
    if (!this.reuse) return (await this.fetch("every_use", false)).value;
    const cached = this.cached;
    if (cached && this.clock.now() < cached.refreshAt) return cached.value;
    if (this.inFlight) return (await this.inFlight).value;
    return (await this.fetch(cached ? "expiring" : "initial", true)).value;
  }

  /**
   * Replaces a token the API rejected. When `rejected` is given and the cached token is already a
   * different one (another request's 401 replaced it meanwhile), nothing is fetched. Resolves true
   * when a new token is ready to retry with; a failed fetch rejects with its error.
   */
  async forceRefresh(rejected?: T): Promise<boolean> {
    if (!this.reuse) return true; // the retry fetches its own new token anyway
    if (this.inFlight) {
      await this.inFlight;
      return true;
    }
    if (rejected !== undefined && this.cached !== undefined && this.cached.value !== rejected) return true;
    await this.fetch("rejected", this.reuse);
    return true;
  }

  /** The cached token without fetching (undefined when none or when tokens are not reused). */
  peek(): T | undefined {
    return this.cached?.value;
  }

  /** The cached token's expiry (ms since the epoch), if it has one. */
  expiresAt(): number | undefined {
    return this.cached?.expiresAt;
  }

  /** How many fetches were started so far (for tests and diagnostics). */
  fetchCount(): number {
    return this.fetches;
  }

  /** Forgets the cached token: the next `get()` fetches. */
  clear(): void {
    this.cached = undefined;
  }

  private fetch(reason: TokenFetchReason, share: boolean): Promise<Cached<T>> {
    this.fetches++;
    const run = (async () => {
      const issued = await this.options.fetch(reason);
      const cached = this.toCached(issued, this.clock.now());
      if (this.reuse) this.cached = cached;
      return cached;
    })();
    if (!share) return run;
    const flight = run.finally(() => {
      if (this.inFlight === flight) this.inFlight = undefined;
    });
    this.inFlight = flight;
    return flight;
  }

  private toCached(issued: IssuedToken<T>, now: number): Cached<T> {
    if (issued.expiresAt === undefined) return { value: issued.value, refreshAt: Infinity };
    const lifetime = Math.max(0, issued.expiresAt - now);
    const margin = Math.min(this.marginMs, lifetime / 2);
    return { value: issued.value, refreshAt: issued.expiresAt - margin, expiresAt: issued.expiresAt };
  }
}
