import { serviceToken } from "./service-token.js";

/**
 * The connector's limit on report jobs running at once (the kit's top-level
 * `max_concurrent_async_job_count`), shared by every `AsyncRetriever` stream of the connector. A job
 * holds one slot from before it is created until it has completed (or failed for good); its download
 * holds none. Without the manifest field there is no limit of its own: the read's concurrency bounds
 * the jobs. One per connector, provided by Sluice.
 *
 * @example
 * const slots = ctx.optional(AsyncJobSlots);
 * const waiting = slots?.acquire(signal);
 * if (waiting) await waiting;
 * try { await runJob(); } finally { slots?.release(); }
 */
export interface AsyncJobSlots {
  /** Takes a slot: undefined when one was free, else a promise of one (rejected when `signal` aborts). */
  acquire(signal?: AbortSignal): Promise<void> | undefined;
  release(): void;
  /** Sets the number of slots (at least 1). */
  resize(capacity: number): void;
}

/** The DI token of the connector's {@link AsyncJobSlots}. */
export const AsyncJobSlots = serviceToken<AsyncJobSlots>("sluice.AsyncJobSlots");
