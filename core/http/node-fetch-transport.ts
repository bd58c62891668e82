import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import type { Agent as HttpsAgent } from "node:https";
import nodeFetch, { type Response as NodeFetchResponse } from "node-fetch";
import type { Fetch, FetchInit, FetchResponse, TransportHeaders } from "../../sdk/index.js";

/**
 * The default transport: node-fetch with keep-alive agents, so pages reuse one connection (without an
 * agent node-fetch sends `Connection: close` and reconnects per page, measured at ~0.6x throughput).
 * A GET with a body (which the Python kit sends, and fetch refuses) goes through `node:http` on the same
 * agents.
 *
 * @example
 * const fetch = createNodeFetchTransport({ maxSockets: 8 });
 * const response = await fetch("http://127.0.0.1:4010/v1/users", { method: "GET", headers: {} });
 */
export function createNodeFetchTransport(options: { maxSockets: number }): Fetch {
  const http = new HttpAgent({ keepAlive: true, maxSockets: options.maxSockets });
  let https: HttpsAgent | undefined;
  const agent = (url: URL) => (url.protocol === "http:" ? http : (https ??= new (nodeHttps().Agent)({ keepAlive: true, maxSockets: options.maxSockets })));
  return (url, init) => {
    if (init.body !== undefined && init.method.toUpperCase() === "GET") return getWithBody(url, init, agent(new URL(url)));
    // Object.assign, not `{ ...init, agent }`: on Node 20 a spread followed by more keys costs ~1 µs.
    return nodeFetch(url, Object.assign({}, init, { agent: init.agent ?? agent, compress: true }) as never).then(withRawHeaders);
  };
}

/**
 * node-fetch's response with its headers read through `headers.raw()`: node-fetch's `Headers.forEach`
 * sorts the names and joins each value again (measured ~4 µs per response on the socket path). A class,
 * not closures: no function is created per response.
 */
class RawHeadersResponse implements FetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly redirected: boolean;
  readonly headers: RawHeaders;

  constructor(private readonly response: NodeFetchResponse) {
    this.status = response.status;
    this.statusText = response.statusText;
    this.url = response.url;
    this.redirected = response.redirected;
    this.headers = new RawHeaders(response);
  }

  /** The body stream: the client reads it chunk by chunk under its size limit. */
  get body(): AsyncIterable<Uint8Array> | null {
    // Typed as a stream of strings or Buffers; node-fetch never sets an encoding on it, so it yields Buffers.
    return this.response.body as AsyncIterable<Uint8Array> | null;
  }

  text(): Promise<string> {
    return this.response.text();
  }
}

class RawHeaders implements TransportHeaders {
  constructor(private readonly response: NodeFetchResponse) {}

  forEach(callback: (value: string, name: string) => void): void {
    const raw = this.response.headers.raw();
    for (const name in raw) callback(raw[name]!.join(", "), name);
  }

  /** node-fetch's lookup; a name that is no valid header name (node-fetch throws) is simply not there. */
  get(name: string): string | null {
    try {
      return this.response.headers.get(name);
    } catch {
      return null;
    }
  }
}

/** Node's https module, loaded at its first use. */
function nodeHttps(): typeof import("node:https") {
  return process.getBuiltinModule("node:https");
}

function withRawHeaders(response: NodeFetchResponse): FetchResponse {
  return new RawHeadersResponse(response);
}

/**
 * A GET carrying a body, sent with `node:http(s)`. Like every Sluice request it does not follow redirects
 * (the client does); the body is handed over as a stream, so the client's size limit applies.
 */
function getWithBody(url: string, init: FetchInit, agent: HttpAgent): Promise<FetchResponse> {
  const target = new URL(url);
  const send = target.protocol === "http:" ? httpRequest : nodeHttps().request;
  const body = Buffer.from(init.body ?? "", "utf8");
  return new Promise((resolve, reject) => {
    const request = send(target, { method: "GET", agent, headers: { ...init.headers, "Content-Length": String(body.length) }, signal: init.signal }, (response: IncomingMessage) => {
      resolve({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage,
        url,
        headers: {
          forEach(callback) {
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) callback(Array.isArray(value) ? value.join(", ") : value, name);
            }
          },
        },
        body: response,
        text: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of response) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks).toString("utf8");
        },
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}
