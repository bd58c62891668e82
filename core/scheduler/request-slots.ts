import { serviceToken } from "../../sdk/index.js";

/**
 * The connector's limit on requests in flight: every HTTP attempt (a page, a parent stream's page, a
 * token refresh, a session login, a retry) holds one slot from just before it is sent until its body
 * has been read. Waiting for a token refresh, a backoff or the API budget holds none, so an auxiliary
 * request never waits for a slot held by a request that waits for it. Waiters are served in order.
 *
 * @example
 * const slots = new RequestSlots(10);
 * const waiting = slots.acquire(signal);
 * if (waiting) await waiting;
 * try { await send(); } finally { slots.release(); }
 */
export class RequestSlots {
  private inFlight = 0;
  private readonly waiters: Array<{ grant(): void }> = [];
  /** The most requests that were in flight at once (for diagnostics and tests). */
  peak = 0;

  constructor(private capacity: number) {}

  /** The number of slots; a change applies to the next request (requests in flight keep theirs). */
  get size(): number {
    return this.capacity;
  }

  resize(capacity: number): void {
    this.capacity = Math.max(1, Math.floor(capacity));
    this.grantWaiting();
  }

  /** Takes a slot: undefined when one was free (no promise on the hot path), else a promise of one. */
  acquire(signal?: AbortSignal): Promise<void> | undefined {
    if (this.inFlight < this.capacity && this.waiters.length === 0) {
      this.take();
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          this.take();
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(signal?.reason ?? new Error("aborted"));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(): void {
    this.inFlight--;
    this.grantWaiting();
  }

  private take(): void {
    this.inFlight++;
    if (this.inFlight > this.peak) this.peak = this.inFlight;
  }

  private grantWaiting(): void {
    while (this.waiters.length > 0 && this.inFlight < this.capacity) this.waiters.shift()!.grant();
  }
}

/** The DI token of the connector's {@link RequestSlots} (a core service: plugins never see it). */
export const RequestSlotsToken = serviceToken<RequestSlots>("sluice.RequestSlots");
