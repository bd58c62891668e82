import type { Fetch } from "../../sdk/index.js";
import type { TransportName } from "./http-options.js";
import { createNodeFetchTransport } from "./node-fetch-transport.js";

/**
 * The built-in transport named by the host options (`http.transport`, `transport:` in the config file,
 * `--transport`). undici is loaded on the first request, so a command that sends none (spec, --help)
 * does not pay for importing it.
 *
 * @example
 * const fetch = selectTransport("undici", { maxSockets: 64 });
 */
export function selectTransport(name: TransportName, options: { maxSockets: number }): Fetch {
  if (name === "node-fetch") return createNodeFetchTransport(options);
  let loaded: Fetch | undefined;
  let loading: Promise<Fetch> | undefined;
  return (url, init) => {
    if (loaded) return loaded(url, init);
    loading ??= import("./undici-transport.js").then((m) => (loaded = m.createUndiciTransport(options)));
    return loading.then((fetch) => fetch(url, init));
  };
}

/** Whether a name is one of the built-in transports. */
export function isTransportName(name: unknown): name is TransportName {
  return name === "node-fetch" || name === "undici";
}
