import type { Clock } from "../../sdk/index.js";

/**
 * A clock for tests: `sleep` returns at once and records the delay, and `now` moves forward by it.
 *
 * @example
 * const clock = new FakeClock(Date.parse("2024-01-01T00:00:00Z"));
 * sluice.register(Clock, clock);
 * assert.deepEqual(clock.sleeps, [2000]);
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(private current = Date.parse("2024-01-01T00:00:00Z")) {}

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    this.sleeps.push(ms);
    this.current += ms;
  }
}
