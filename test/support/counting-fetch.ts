import { selectTransport } from "../../core/http/select-transport.js";
import type { Fetch } from "../../sdk/index.js";

/** A transport that counts what a connector sends, for a test that must know no request is still on its way. */
export interface CountingFetch {
  /** Register it on a Sluice: `createSluice().register(Fetch, counting.fetch)`. */
  fetch: Fetch;
  /** The URL of every request sent, in order. */
  sent: string[];
  /** Resolves when every request sent so far has been answered or aborted (and those it led to). */
  settled(): Promise<void>;
}

/**
 * The default transport (node-fetch), counting each request as the connector sends it, not as the
 * server happens to receive it: a request still on the wire when the test asserts is counted anyway.
 *
 * @example
 * const counting = countingFetch();
 * const connector = await createSluice().register(Fetch, counting.fetch).connect({ manifest, config: {} });
 * for await (const record of connector.read("items")) break;
 * await counting.settled();
 * assert.ok(counting.sent.length <= 2);
 */
export function countingFetch(): CountingFetch {
  const transport = selectTransport("node-fetch", { maxSockets: 8 });
  const sent: string[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const fetch: Fetch = (url, init) => {
    sent.push(String(url));
    const answer = transport(url, init);
    const done: Promise<unknown> = answer.then(
      (): boolean => inFlight.delete(done),
      (): boolean => inFlight.delete(done),
    );
    inFlight.add(done);
    return answer;
  };
  return {
    fetch,
    sent,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
