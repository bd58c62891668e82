import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as a list endpoint sees it. */
export interface ListRequest {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | undefined;
  /** Where the API is served: http://127.0.0.1:PORT/github (its next URLs start there). */
  origin: string;
  /** The API's path prefix on the server, `/salesforce` (a relative next URL starts there). */
  root: string;
}

/** What a list endpoint answers. */
export interface ListAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * A real API's list endpoint as its documentation shapes it, served on loopback: the request
 * `sluice init --probe` starts from, the records it must read, and the handler.
 */
export interface ListApi {
  name: string;
  auth: "bearer" | "basic";
  /** The probe request: path and query (appended to the server's origin), method and body. */
  probe: { path: string; method?: "POST"; body?: Record<string, unknown> };
  /** Every record's primary key, in the order the API returns them. */
  ids: string[];
  handle(request: ListRequest): ListAnswer;
}

export const TOKEN = "tok-0123456789abcdef";
export const USER = { username: "ada@example.com", password: "pw-0123456789abcdef" };

/** Whether the request carries the API's credentials (a Bearer token, or HTTP Basic). */
export function authorized(api: ListApi, request: ListRequest): boolean {
  const header = String(request.headers.authorization ?? "");
  if (api.auth === "bearer") return header === `Bearer ${TOKEN}`;
  return header === `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString("base64")}`;
}

/** `n` records made by `make(i)`, i from 1. */
export function records<T>(n: number, make: (i: number) => T): T[] {
  return Array.from({ length: n }, (_, i) => make(i + 1));
}

/** An opaque cursor for an index into the records (APIs hand out such strings). */
export function cursorOf(index: number, prefix = "c"): string {
  return Buffer.from(`${prefix}:${index}`).toString("base64").replace(/=+$/, "");
}

/** The index a cursor of {@link cursorOf} names; NaN for anything else. */
export function indexOf(cursor: string | null | undefined, prefix = "c"): number {
  if (!cursor) return NaN;
  const text = Buffer.from(cursor, "base64").toString("utf8");
  return text.startsWith(`${prefix}:`) ? Number(text.slice(prefix.length + 1)) : NaN;
}

/** A whole number from the query, within [min, max], else the default. */
export function intParam(url: URL, name: string, fallback: number, max = 100): number {
  const value = Number(url.searchParams.get(name));
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** Serves the APIs on one loopback port, each under its own path prefix (`/github/...`), with the request counted per API. */
export async function serveListApis(apis: readonly ListApi[]): Promise<{ origin: string; requests: Map<string, number>; close(): Promise<void> }> {
  const requests = new Map<string, number>();
  let origin = "";
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk));
    req.on("end", () => {
      const full = new URL(req.url ?? "/", origin);
      const [, prefix] = full.pathname.split("/");
      const api = apis.find((a) => slug(a) === prefix);
      const send = (answer: ListAnswer) => {
        res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
        res.end(JSON.stringify(answer.body));
      };
      if (!api) return send({ status: 404, body: { error: "no such API" } });
      requests.set(api.name, (requests.get(api.name) ?? 0) + 1);
      const url = new URL(full.href.replace(`/${prefix}`, ""));
      let body: Record<string, unknown> | undefined;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      } catch {
        return send({ status: 400, body: { error: "body is not JSON" } });
      }
      const request: ListRequest = { method: req.method ?? "GET", url, headers: req.headers, body, origin: `${origin}/${prefix}`, root: `/${prefix}` };
      if (!authorized(api, request)) return send({ status: 401, body: { error: "unauthorized" } });
      send(api.handle(request));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** The API's path prefix on the shared server: `Microsoft Graph` is `microsoft-graph`. */
export function slug(api: ListApi): string {
  return api.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
