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
  /**
   * Optional: microseconds since the epoch, for what the Python kit reads with microseconds (`now_utc()`,
   * `day_delta()`, a cursor's default end). A clock without it (a host's or a test's clock in
   * milliseconds) keeps working: {@link clockMicroseconds} then uses `now() * 1000`.
   */
  nowMicroseconds?(): bigint;
  /** Resolves after `ms` milliseconds, or rejects when the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The DI token of the {@link Clock}. */
export const Clock = serviceToken<Clock>("sluice.Clock");

/**
 * The clock's time in microseconds since the epoch: its `nowMicroseconds()`, else `now()` in milliseconds
 * times 1000.
 *
 * @example
 * clockMicroseconds({ now: () => 1700000000123 }) // 1700000000123000n
 */
export function clockMicroseconds(clock: Pick<Clock, "now" | "nowMicroseconds">): bigint {
  return clock.nowMicroseconds ? clock.nowMicroseconds() : BigInt(Math.floor(clock.now())) * 1000n;
}

/** The wall clock's time (ms since the epoch) when {@link monotonicMs} read 0, taken when this module loads. */
const wallOriginMs = Date.now() - monotonicMs();

/**
 * The wall clock in microseconds since the epoch, as Python's `datetime.now(timezone.utc)` reads it: the
 * wall clock's millisecond (`Date.now()`, which follows every correction of the system's time), with the
 * microseconds within it taken from the high-resolution clock. Never `performance.timeOrigin +
 * performance.now()` alone: that counts from when the process started and misses every later
 * correction (an NTP step, a suspended laptop), so a long-lived host drifts away from the real time.
 *
 * @example
 * wallClockMicroseconds() // 1764253200123456n: Date.now() was 1764253200123
 */
export function wallClockMicroseconds(wallMs: number = Date.now(), preciseMs: number = wallOriginMs + monotonicMs()): bigint {
  const withinMs = Math.floor((preciseMs - Math.floor(preciseMs)) * 1000);
  return BigInt(Math.floor(wallMs)) * 1000n + BigInt(Math.min(999, Math.max(0, withinMs)));
}

/**
 * Milliseconds on a clock that never goes back (for timeouts, durations and rates), from an arbitrary
 * start: `process.hrtime`, the clock `performance.now()` reads. Reading `performance` loads Node's
 * perf_hooks (about 2 ms and 0.6 MiB at start), which a command with one request otherwise never needs.
 *
 * @example
 * const started = monotonicMs();
 * // ... later
 * const seconds = (monotonicMs() - started) / 1000;
 */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}
