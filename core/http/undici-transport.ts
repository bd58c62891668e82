import { Agent, interceptors, request, type Dispatcher } from "undici";
import type { Fetch, FetchResponse } from "../../sdk/index.js";

/**
 * The undici transport: `undici.request` on a keep-alive `Agent`, without the WHATWG Request,
 * Headers, Response and stream objects that node-fetch and Node's built-in fetch build for every
 * request (measured in docs/performance.md). Choose it with `transport: undici` in the Sluice config
 * file, `sluice read --transport undici`, or `createSluice({ http: { transport: "undici" } })`.
 *
 * It keeps Sluice's transport contract: `redirect: "manual"` hands a 3xx back as it is (the HTTP
 * client decides), `"follow"` follows up to 20 redirects (credentials are dropped on a change of
 * origin), `"error"` fails on one; the abort signal stops the request and the body; a compressed body
 * (gzip, deflate, br) is decompressed; a GET may carry a body, as the Python kit sends it.
 *
 * @example
 * const sluice = createSluice({ http: { transport: "undici" } });
 * // or, for one host, with its own pool:
 * sluice.register(Fetch, createUndiciTransport({ maxSockets: 16 }));
 */
export function createUndiciTransport(options: { maxSockets: number }): Fetch {
  const agent = new Agent({ connections: options.maxSockets, keepAliveTimeout: 30_000 }).compose(decompressInterceptor());
  const following = agent.compose(interceptors.redirect({ maxRedirections: 20 }));
  return async (url, init) => {
    const headers = hasHeader(init.headers, "accept-encoding") ? init.headers : { ...init.headers, "accept-encoding": "gzip, deflate, br" };
    const response = await request(url, {
      method: init.method.toUpperCase() as Dispatcher.HttpMethod,
      headers,
      body: init.body,
      signal: init.signal,
      dispatcher: init.redirect === "follow" || init.redirect === undefined ? following : agent,
    });
    if (init.redirect === "error" && response.statusCode >= 300 && response.statusCode < 400) {
      await response.body.dump();
      throw new TypeError(`redirect mode is "error" and ${url} answered ${response.statusCode}`);
    }
    return toFetchResponse(url, response);
  };
}

/**
 * undici's decompress interceptor, without the "DecompressInterceptor is experimental" warning undici prints
 * on stderr when one is made: a user of `--transport undici` would read it as Sluice's own problem, and
 * what the interceptor does is held by this transport's tests. Any other warning passes.
 */
function decompressInterceptor(): Dispatcher.DispatcherComposeInterceptor {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning).startsWith("DecompressInterceptor is experimental")) (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return interceptors.decompress();
  } finally {
    process.emitWarning = emitWarning;
  }
}

function toFetchResponse(url: string, response: Dispatcher.ResponseData): FetchResponse {
  return {
    status: response.statusCode,
    url,
    headers: {
      forEach(callback) {
        for (const name in response.headers) {
          const value = response.headers[name];
          if (value !== undefined) callback(Array.isArray(value) ? value.join(", ") : value, name);
        }
      },
    },
    // The stream itself, so the HTTP client counts the body chunk by chunk under its size limit.
    body: response.body,
    text: () => response.body.text(),
    arrayBuffer: () => response.body.arrayBuffer(),
  };
}

function hasHeader(headers: Record<string, string>, lowerName: string): boolean {
  for (const name in headers) if (name.toLowerCase() === lowerName) return true;
  return false;
}
