/**
 * Helpers for error-handling tests: a one-stream manifest with a given `error_handler`, read through the
 * real engine against a loopback server, with a clock that records every backoff instead of sleeping.
 */
import { Clock, type FailureType } from "../../../sdk/index.js";
import { createSluice } from "../../../core/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

export { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";

/** A clock standing still at `now` whose `sleep` records the wait and returns at once. */
export function recordingClock(now = Date.UTC(2024, 0, 1)): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: async (ms: number) => void sleeps.push(ms) };
}

/** What a read produced. */
export interface ReadResult {
  records: Record<string, unknown>[];
  error?: { code?: string; message: string; failureType?: FailureType; status?: number };
  sleeps: number[];
}

/** Reads the `items` stream of a manifest whose requester has `errorHandler`, records under `data`. */
export async function readWithHandler(
  urlBase: string,
  errorHandler: Record<string, unknown> | undefined,
  options: { config?: Record<string, unknown>; fieldPath?: string[]; clock?: Clock & { sleeps: number[] }; paginator?: Record<string, unknown> } = {},
): Promise<ReadResult> {
  const clock = options.clock ?? recordingClock();
  const sluice = createSluice({ logLevel: "error" }).register(Clock, clock);
  const manifest = oneStreamManifest({
    urlBase,
    fieldPath: options.fieldPath,
    paginator: options.paginator,
    requester: errorHandler ? { error_handler: errorHandler } : {},
  });
  const connector = await sluice.connect({ manifest, config: options.config ?? {} });
  const records: Record<string, unknown>[] = [];
  try {
    for await (const record of connector.read("items")) records.push(record);
  } catch (caught) {
    const e = caught as { code?: string; message: string; failureType?: FailureType; status?: number };
    return { records, sleeps: clock.sleeps, error: { code: e.code, message: e.message, failureType: e.failureType, status: e.status } };
  }
  return { records, sleeps: clock.sleeps };
}
