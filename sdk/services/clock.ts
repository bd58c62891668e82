import { serviceToken } from "./service-token.js";

/**
 * Time, as a service so tests and hosts can control it.
 *
 * @example
 * const clock = ctx.get(Clock);
 * const expiresAt = clock.now() + 3600_000;
 * await clock.sleep(250, signal);
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds, or rejects when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The DI token of the {@link Clock}. */
export const Clock = serviceToken<Clock>("sluice.Clock");
