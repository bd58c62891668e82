import type { Fetch } from "../../sdk/index.js";
import type { TransportName } from "./http-options.js";

/**
 * The built-in transport named by the host options (`http.transport`, `transport:` in the config file,
 * `--transport`). Its module (node-fetch or undici, and Node's http, https and zlib) is loaded on the
 * first request, so a command that sends none (spec, discover, --help) does not pay for importing it.
 *
 * @example
 * const fetch = selectTransport("undici", { maxSockets: 64 });
 */
export function selectTransport(name: TransportName, options: { maxSockets: number }): Fetch {
  let loaded: Fetch | undefined;
  let loading: Promise<Fetch> | undefined;
  const load = () =>
    name === "node-fetch"
      ? import("./node-fetch-transport.js").then((m) => m.createNodeFetchTransport(options))
      : import("./undici-transport.js").then((m) => m.createUndiciTransport(options));
  return (url, init) => {
    if (loaded) return loaded(url, init);
    loading ??= load().then((fetch) => (loaded = fetch));
    return loading.then((fetch) => fetch(url, init));
  };
}

/** Whether a name is one of the built-in transports. */
export function isTransportName(name: unknown): name is TransportName {
  return name === "node-fetch" || name === "undici";
}
