import { serviceToken } from "./service-token.js";

/**
 * A request as the API budget sees it: method, full URL (query included) and headers, exactly as
 * they go on the wire.
 *
 * @example
 * { method: "GET", url: "https://api.example.com/v1/users?page=2", headers: { Accept: "application/json" } }
 */
export interface BudgetRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * A response as the API budget sees it: the status and a header lookup (case-insensitive).
 *
 * @example
 * budget.update(request, { status: 200, header: (name) => response.headers.get(name) ?? undefined });
 */
export interface BudgetResponse {
  status: number;
  header(name: string): string | undefined;
}

/**
 * How long a request may wait for its turn.
 *
 * @example
 * budget.acquire(request, { signal, maxWaitMs: 600_000 })
 */
export interface BudgetWaitOptions {
  /** Aborts the wait. */
  signal?: AbortSignal;
  /** The longest wait for one turn (default: no bound). */
  maxWaitMs?: number;
}

/**
 * The connector's API budget (`api_budget` in the manifest, e.g. `HTTPAPIBudget`): one per connector,
 * shared by every stream, worker and auxiliary request (a token refresh, a session login). Sluice's
 * HTTP client asks it for a turn before every attempt and tells it every response, so the API's own
 * rate-limit headers can correct it. A request waits for its turn instead of failing; a wait longer
 * than the host's bound fails with `BUDGET_WAIT_TOO_LONG`, naming the policy.
 *
 * @example
 * // a host budget shared by every connector it runs
 * sluice.register(ApiBudget, { acquire: () => limiter.take(), update: () => undefined });
 */
export interface ApiBudget {
  /**
   * Waits for this request's turn: undefined when it may go at once, else a promise of the turn. A turn
   * further away than `options.maxWaitMs` rejects at once with `BUDGET_WAIT_TOO_LONG`, naming the policy.
   */
  acquire(request: BudgetRequest, options?: BudgetWaitOptions): Promise<void> | undefined;
  /** Learns from a response (remaining calls, reset time, a rate-limit status). */
  update(request: BudgetRequest, response: BudgetResponse): void;
}

/** The DI token of the connector's {@link ApiBudget}. */
export const ApiBudget = serviceToken<ApiBudget>("sluice.ApiBudget");
