/**
 * A loopback HTTP server (127.0.0.1, a free port) whose handler answers each request itself, when it
 * chooses: a test holds a response until another event (a token asked, a read aborted) and so orders
 * what happens without sleeping. `close()` drops the connections still held.
 *
 * @example
 * const api = await startRawApi((req, res, url) => (url.pathname === "/hold" ? held.push(res) : res.end("{}")));
 * await fetch(`${api.base}/items`);
 * await api.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running server: its base URL (`http://127.0.0.1:<port>`) and how to stop it. */
export interface RawApi {
  base: string;
  close(): Promise<void>;
}

/** Starts a server answering every request with `handle` (the URL parsed). */
export async function startRawApi(handle: (req: IncomingMessage, res: ServerResponse, url: URL) => void): Promise<RawApi> {
  const server = createServer((req, res) => handle(req, res, new URL(req.url ?? "/", "http://localhost")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `body` as JSON. */
export function sendJson(res: ServerResponse, body: unknown): void {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}
