import { linkSignal, type Logger } from "../../sdk/index.js";
import type { FetchedResponse } from "./fetched-response.js";

/** One kept response: a pristine copy, and what it counts against the limit. */
interface Kept {
  response: FetchedResponse;
  bytes: number;
}

/**
 * One send in flight, shared by everyone who asked for it while it ran. It runs under its own signal,
 * aborted only when every sender waiting on it has gone (each leaves when its own signal aborts).
 */
interface Shared {
  outcome: Promise<{ response?: FetchedResponse; kept?: Kept; error?: unknown }>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
}

/** The cache of one read: kept responses in least-recently-used order, and sends in flight. */
interface ReadCache {
  kept: Map<string, Kept>;
  inFlight: Map<string, Shared>;
  bytes: number;
  evicted: number;
  hits: number;
}

/**
 * The response cache of parent streams (and `use_cache: true`), as the kit's: a child stream's partition
 * router gets the parent's pages from it instead of requesting them again. One cache per read (keyed on
 * the read's root signal, and gone with it), in memory only, bounded by `limitBytes` of bodies and headers
 * per read: past it the least recently used responses are evicted (requested again if needed), counted
 * in the debug log. Identical sends in flight at once share one request, sent under a signal of its own:
 * a sender whose signal aborts stops waiting at once (rejected with its signal's reason) while the
 * request goes on for the others, and the request is aborted when every sender waiting on it has gone.
 * Only successful responses are kept; every consumer gets its own copy, so none sees what another did to
 * a parsed body.
 *
 * @example
 * const cache = new ResponseCache(64 * 1024 * 1024, logger);
 * const response = await cache.fetch(readRoot(options.signal)!, options.cacheKey, (signal) => send(request, { ...options, signal }), options.signal);
 */
export class ResponseCache {
  private readonly reads = new WeakMap<AbortSignal, ReadCache>();

  constructor(
    private readonly limitBytes: number,
    private readonly logger: Logger,
  ) {}

  /**
   * The response for `key` in the read of `root`: a copy of a kept one, of one in flight, or `load()`'s
   * own; `signal` is this sender's (its abort ends its wait, not the shared request).
   */
  async fetch(root: AbortSignal, key: string, load: (signal: AbortSignal | undefined) => Promise<FetchedResponse>, signal?: AbortSignal): Promise<FetchedResponse> {
    const cache = this.readCache(root);
    const kept = cache.kept.get(key);
    if (kept) {
      cache.kept.delete(key);
      cache.kept.set(key, kept);
      cache.hits++;
      return kept.response.copy();
    }
    signal?.throwIfAborted();
    const pending = cache.inFlight.get(key);
    if (pending) {
      const shared = await this.wait(pending, signal);
      if (shared.kept) {
        cache.hits++;
        return shared.kept.response.copy();
      }
      // The shared send failed or gave nothing to keep (an error, an ignored response): this one goes on its own.
      return load(signal);
    }
    const started = this.start(cache, key, root, load);
    const outcome = await this.wait(started, signal);
    if (outcome.error !== undefined || !outcome.response) throw outcome.error;
    return outcome.response;
  }

  /** Sends `key` once for everyone who asks while it runs; what it gave is kept when it may be. */
  private start(cache: ReadCache, key: string, root: AbortSignal, load: (signal: AbortSignal | undefined) => Promise<FetchedResponse>): Shared {
    const controller = new AbortController();
    linkSignal(controller.signal, root);
    const shared: Shared = { controller, waiters: 0, settled: false, outcome: Promise.resolve({}) };
    shared.outcome = (async () => {
      try {
        const response = await load(controller.signal);
        const snapshot = keepable(response);
        if (snapshot) this.keep(cache, key, snapshot);
        return { response, kept: snapshot };
      } catch (error) {
        return { error };
      } finally {
        shared.settled = true;
        if (cache.inFlight.get(key) === shared) cache.inFlight.delete(key);
      }
    })();
    cache.inFlight.set(key, shared);
    return shared;
  }

  /** Waits for a shared send until `signal` aborts; the last waiter to leave aborts the send. */
  private async wait(shared: Shared, signal: AbortSignal | undefined): Promise<Awaited<Shared["outcome"]>> {
    shared.waiters++;
    let onAbort: (() => void) | undefined;
    try {
      if (!signal) return await shared.outcome;
      const aborted = new Promise<never>((_resolve, reject) => {
        onAbort = () => reject(signal.reason);
        if (signal.aborted) onAbort();
        else signal.addEventListener("abort", onAbort, { once: true });
      });
      return await Promise.race([shared.outcome, aborted]);
    } finally {
      if (onAbort) signal?.removeEventListener("abort", onAbort);
      if (--shared.waiters === 0 && !shared.settled) shared.controller.abort(signal?.reason);
    }
  }

  /** How many sends of the read of `root` the cache answered so far (requests saved). */
  hits(root: AbortSignal): number {
    return this.reads.get(root)?.hits ?? 0;
  }

  private readCache(root: AbortSignal): ReadCache {
    let cache = this.reads.get(root);
    if (!cache) {
      cache = { kept: new Map(), inFlight: new Map(), bytes: 0, evicted: 0, hits: 0 };
      this.reads.set(root, cache);
    }
    return cache;
  }

  private keep(cache: ReadCache, key: string, kept: Kept): void {
    if (kept.bytes > this.limitBytes) return;
    while (cache.bytes + kept.bytes > this.limitBytes && cache.kept.size > 0) {
      const [oldest, entry] = cache.kept.entries().next().value as [string, Kept];
      cache.kept.delete(oldest);
      cache.bytes -= entry.bytes;
      cache.evicted++;
      this.logger.debug(`response cache: evicted ${entry.response.requestLabel} to stay within ${this.limitBytes} bytes (${cache.evicted} evicted in this read; requested again if needed)`, {});
    }
    cache.kept.set(key, kept);
    cache.bytes += kept.bytes;
  }
}

/** What a successful response keeps; undefined for one that must not be reused (an error the handler ignored). */
function keepable(response: FetchedResponse): Kept | undefined {
  if (response.ignored || response.status < 200 || response.status >= 300) return undefined;
  let headerBytes = 0;
  for (const [name, value] of response.headers.entries()) headerBytes += name.length + value.length;
  return { response: response.copy(), bytes: response.bodyBytes + headerBytes };
}
