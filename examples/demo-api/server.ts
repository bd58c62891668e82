import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DemoRouter, sendJson, type DemoRequest } from "./router.js";
import { registerRoutes } from "./routes/index.js";

/** A running demo API. */
export interface DemoApi {
  /** The base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the demo API on loopback (a free port unless one is given). It behaves like real APIs:
 * offset, page number, cursor and Link-header pagination; API key, bearer, basic, OAuth and session
 * authentication. Every route lives in `routes/`.
 *
 * @example
 * const api = await startDemoApi();
 * console.log(`${api.url}/v1/users`);
 * await api.close();
 */
export async function startDemoApi(options: { port?: number; /** Answers every request this much later (to watch progress). */ delayMs?: number } = {}): Promise<DemoApi> {
  const router = new DemoRouter();
  registerRoutes(router);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
      const url = new URL(req.url ?? "/", origin);
      const body = Buffer.concat(chunks).toString("utf8");
      const request: DemoRequest = { method: req.method ?? "GET", url, headers: req.headers, body, fields: parseFields(req.headers["content-type"], body), origin };
      const handler = router.find(request.method, url.pathname);
      if (!handler) return sendJson(res, 404, { error: "not_found", routes: router.list() });
      const delay = options.delayMs ? new Promise((resolve) => setTimeout(resolve, options.delayMs)) : Promise.resolve();
      delay.then(() => handler(request, res)).catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseFields(contentType: string | undefined, body: string): Record<string, unknown> {
  if (!body) return {};
  if (contentType?.includes("application/json")) {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(body));
  return {};
}
