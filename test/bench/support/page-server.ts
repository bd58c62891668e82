/**
 * The loopback API the benchmarks read: generated records in pages, behind a Bearer token, paged four
 * ways (offset/limit, page number, a cursor in the body, a GitHub-style Link header). Page bodies are
 * cached so the server costs little per request and the measurement is about the reader.
 *
 * @example
 * const server = await startPageServer({ total: 100_000 });
 * // GET {server.url}/offset?limit=100&offset=200   Authorization: Bearer bench-token
 * // -> {"data":[{"id":201,...}, ...]}
 * await server.close();
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The token every request must carry as `Authorization: Bearer ...`. */
export const BENCH_TOKEN = "bench-token-7f3a";

/** The paging styles the server answers, one path each. */
export type PageStyle = "offset" | "page" | "cursor" | "link";

export interface PageServerOptions {
  /** Records in the collection (default 100,000). */
  total?: number;
  /** Accepted Bearer token (default {@link BENCH_TOKEN}). */
  token?: string;
}

/** A running page server. */
export interface PageServer {
  url: string;
  close(): Promise<void>;
}

const DEFAULT_LIMIT = 100;
const CACHE_LIMIT = 4096;

/** One record, the same for every reader: `{ id, name, email, active }`. */
export function benchRecord(id: number): { id: number; name: string; email: string; active: boolean } {
  return { id, name: `record ${id}`, email: `user${id}@example.com`, active: id % 3 !== 1 };
}

/** The first record index (0-based) a request asks for, and how many. */
export function pageRange(style: PageStyle, query: URLSearchParams): { from: number; limit: number } {
  const limit = positive(query.get(style === "page" ? "page_size" : "limit"), DEFAULT_LIMIT);
  if (style === "offset") return { from: positive(query.get("offset"), 0), limit };
  if (style === "page") return { from: (positive(query.get("page"), 1) - 1) * limit, limit };
  return { from: positive(query.get("after"), 0), limit };
}

/** The request handler, usable on any node:http server. */
export function pageHandler(options: PageServerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const total = options.total ?? 100_000;
  const expected = `Bearer ${options.token ?? BENCH_TOKEN}`;
  const cache = new Map<string, string>();
  const records = (from: number, count: number): string => {
    const key = `${from}:${count}`;
    let json = cache.get(key);
    if (json === undefined) {
      json = JSON.stringify(Array.from({ length: count }, (_, i) => benchRecord(from + i + 1)));
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, json);
    }
    return json;
  };
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://loopback");
    const style = url.pathname.slice(1) as PageStyle;
    if (req.headers.authorization !== expected) return reply(res, 401, '{"error":"unauthorized"}');
    if (!["offset", "page", "cursor", "link"].includes(style)) return reply(res, 404, '{"error":"no such path"}');
    const { from, limit } = pageRange(style, url.searchParams);
    const count = Math.max(0, Math.min(limit, total - from));
    const end = from + count;
    const data = records(from, count);
    if (style === "cursor") return reply(res, 200, `{"data":${data},"next_cursor":${end < total ? `"${end}"` : "null"}}`);
    if (style === "link") {
      const headers: Record<string, string> = {};
      if (end < total) headers.Link = `<http://${req.headers.host}/link?limit=${limit}&after=${end}>; rel="next"`;
      return reply(res, 200, data, headers);
    }
    return reply(res, 200, `{"data":${data}}`);
  };
}

/** Starts the page server on 127.0.0.1 (a free port) in this process. */
export async function startPageServer(options: PageServerOptions = {}): Promise<PageServer & { requests(): number }> {
  const handle = pageHandler(options);
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    handle(req, res);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function reply(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

function positive(text: string | null, fallback: number): number {
  const value = text === null ? NaN : Number(text);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}
