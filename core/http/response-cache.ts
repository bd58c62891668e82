import type { Logger } from "../../sdk/index.js";
import type { FetchedResponse } from "./fetched-response.js";

/** One kept response: a pristine copy, and what it counts against the limit. */
interface Kept {
  response: FetchedResponse;
  bytes: number;
}

/** The cache of one read: kept responses in least-recently-used order, and sends in flight. */
interface ReadCache {
  kept: Map<string, Kept>;
  inFlight: Map<string, Promise<Kept | undefined>>;
  bytes: number;
  evicted: number;
  hits: number;
}

/**
 * The response cache of parent streams (and `use_cache: true`), as the kit's: a child stream's partition
 * router gets the parent's pages from it instead of requesting them again. One cache per read (keyed on
 * the read's root signal, and gone with it), in memory only, bounded by `limitBytes` of bodies and headers
 * per read: past it the least recently used responses are evicted (requested again if needed), counted
 * in the debug log. Identical sends in flight at once share one request. Only successful responses are
 * kept; every consumer gets its own copy, so none sees what another did to a parsed body.
 *
 * @example
 * const cache = new ResponseCache(64 * 1024 * 1024, logger);
 * const response = await cache.fetch(readRoot(options.signal)!, options.cacheKey, () => send(request, options));
 */
export class ResponseCache {
  private readonly reads = new WeakMap<AbortSignal, ReadCache>();

  constructor(
    private readonly limitBytes: number,
    private readonly logger: Logger,
  ) {}

  /** The response for `key` in the read of `root`: a copy of a kept one, of one in flight, or `load()`'s own. */
  async fetch(root: AbortSignal, key: string, load: () => Promise<FetchedResponse>): Promise<FetchedResponse> {
    const cache = this.readCache(root);
    const kept = cache.kept.get(key);
    if (kept) {
      cache.kept.delete(key);
      cache.kept.set(key, kept);
      cache.hits++;
      return kept.response.copy();
    }
    const pending = cache.inFlight.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) {
        cache.hits++;
        return shared.response.copy();
      }
      // The shared send failed or gave nothing to keep (an error, an aborted read-ahead): this one goes on its own.
      return load();
    }
    let settle: (value: Kept | undefined) => void = () => undefined;
    cache.inFlight.set(key, new Promise<Kept | undefined>((resolve) => (settle = resolve)));
    try {
      const response = await load();
      const snapshot = keepable(response);
      if (snapshot) this.keep(cache, key, snapshot);
      settle(snapshot);
      return response;
    } catch (error) {
      settle(undefined);
      throw error;
    } finally {
      cache.inFlight.delete(key);
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
