/**
 * A loopback HTTP server that records every request it receives (port 0, 127.0.0.1), and
 * `useLoopback`, which runs one for the tests of a `describe`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before } from "node:test";

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON or as a form, whichever the Content-Type says ({} when empty). */
  fields: Record<string, unknown>;
}

/** What a route answers: a string or bytes are sent as they are, anything else as JSON. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A running loopback server. */
export interface Loopback {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (free port) that answers every request with `handle`. */
export async function startLoopback(handle: (req: SeenRequest, origin: string) => Reply): Promise<Loopback> {
  const requests: SeenRequest[] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const seen: SeenRequest = { method: req.method ?? "GET", url: new URL(req.url ?? "/", origin), headers: req.headers, body, fields: parseFields(req.headers["content-type"], body) };
      requests.push(seen);
      let reply: Reply;
      try {
        reply = handle(seen, origin);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const text = typeof reply.body === "string" || reply.body instanceof Uint8Array ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...reply.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function parseFields(contentType: string | undefined, body: string): Record<string, unknown> {
  if (!body) return {};
  if (contentType?.includes("application/json")) return JSON.parse(body) as Record<string, unknown>;
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  return {};
}

/** The server of a `describe` block, started before its tests and closed after them. */
export interface LoopbackFixture {
  /** The server's origin, `http://127.0.0.1:<port>` (once the tests run). */
  readonly url: string;
  /** Every request so far. */
  readonly requests: SeenRequest[];
  /** Marks now: the function returned gives the requests received since. */
  since(): () => SeenRequest[];
}

/**
 * Starts a loopback server for the tests of the enclosing `describe` (before/after hooks).
 *
 * @example
 * describe("cursor pagination", () => {
 *   const api = useLoopback(route);
 *   it("...", async () => {
 *     const sent = api.since();
 *     await readStream(oneStreamManifest({ urlBase: api.url }));
 *     assert.equal(sent().length, 3);
 *   });
 * });
 */
export function useLoopback(handle: (req: SeenRequest, origin: string) => Reply): LoopbackFixture {
  let server: Loopback | undefined;
  const running = () => {
    if (!server) throw new Error("the loopback server starts in the describe's before() hook");
    return server;
  };
  before(async () => {
    server = await startLoopback(handle);
  });
  after(() => server?.close());
  return {
    get url() {
      return running().url;
    },
    get requests() {
      return running().requests;
    },
    since() {
      const start = running().requests.length;
      return () => running().requests.slice(start);
    },
  };
}
