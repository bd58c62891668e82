import { wallClockMicroseconds, type Clock } from "../../sdk/index.js";

/**
 * The real clock. `sleep` rejects with the signal's reason when the read is aborted.
 *
 * @example
 * await systemClock.sleep(1000, signal);
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  // The wall clock with microseconds, as Python's datetime.now() has them.
  nowMicroseconds: () => wallClockMicroseconds(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, Math.max(0, ms));
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};
