import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import jwt from "jsonwebtoken";
import type { AuthMethod } from "../../../core/init/auth-methods.js";
import type { PaginationMethod } from "../../../core/init/pagination-methods.js";

/** The testing values a scaffolded connector's secrets/config.json gets for this API. */
export const CREDENTIALS = {
  api_key: "key-0123456789",
  username: "ada",
  password: "pw-0123456789",
  client_id: "client-1",
  client_secret: "cs-0123456789",
  refresh_token: "rt-0123456789",
  secret_key: "jwt-secret-0123456789",
};
export const ACCESS_TOKEN = "at-0123456789";
export const SESSION_TOKEN = "st-0123456789";
/** Every value that must never be printed (the client ID and the username are not secrets). */
export const SECRETS = [CREDENTIALS.api_key, CREDENTIALS.password, CREDENTIALS.client_secret, CREDENTIALS.refresh_token, CREDENTIALS.secret_key, ACCESS_TOKEN, SESSION_TOKEN];
const ITEMS = Array.from({ length: 230 }, (_, i) => ({ id: i + 1 }));

/** An API that authenticates and pages the way `sluice init` scaffolds it; `expect` says which way. */
export interface ScaffoldApi {
  url: string;
  expect: { auth: AuthMethod; pagination: PaginationMethod };
  close(): Promise<void>;
}

/** Starts the API on loopback (port 0). */
export async function startScaffoldApi(): Promise<ScaffoldApi> {
  const api = { url: "", expect: { auth: "none" as AuthMethod, pagination: "none" as PaginationMethod }, close: async () => undefined };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => handle(api.expect, req, body, res, api.url));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve(undefined)); });
  return api;
}

function handle(expect: ScaffoldApi["expect"], req: IncomingMessage, body: string, res: ServerResponse, origin: string): void {
  const url = new URL(req.url ?? "/", origin);
  const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(value));
  };
  if (req.method === "POST" && url.pathname === "/v1/oauth/token") {
    const form = new URLSearchParams(body);
    const ok = form.get("client_id") === CREDENTIALS.client_id && form.get("client_secret") === CREDENTIALS.client_secret && form.get("refresh_token") === CREDENTIALS.refresh_token;
    return ok ? send(200, { access_token: ACCESS_TOKEN, expires_in: 3600 }) : send(400, { error: "invalid_grant" });
  }
  if (req.method === "POST" && url.pathname === "/v1/session") {
    const login = JSON.parse(body || "{}") as Record<string, string>;
    return login.username === CREDENTIALS.username && login.password === CREDENTIALS.password ? send(200, { token: SESSION_TOKEN }) : send(401, { error: "bad login" });
  }
  if (url.pathname !== "/v1/items") return send(404, { error: "not found" });
  if (!authorized(expect.auth, req)) return send(401, { error: "unauthorized" });
  const q = url.searchParams;
  switch (expect.pagination) {
    case "offset": {
      const limit = Number(q.get("limit")), offset = Number(q.get("offset") ?? 0);
      return send(200, { data: ITEMS.slice(offset, offset + limit) });
    }
    case "page": {
      const size = Number(q.get("per_page")), page = Number(q.get("page"));
      return send(200, { data: ITEMS.slice((page - 1) * size, page * size) });
    }
    case "cursor": {
      const limit = Number(q.get("limit")), start = Number(q.get("cursor") ?? 0);
      const next = start + limit < ITEMS.length ? String(start + limit) : null;
      return send(200, { data: ITEMS.slice(start, start + limit), next_cursor: next });
    }
    case "link": {
      const size = Number(q.get("per_page")), page = Number(q.get("page") ?? 1);
      const last = Math.ceil(ITEMS.length / size);
      const link: Record<string, string> = page < last ? { link: `<${origin}/v1/items?per_page=${size}&page=${page + 1}>; rel="next"` } : {};
      return send(200, ITEMS.slice((page - 1) * size, page * size), link);
    }
    case "none":
      return send(200, { data: ITEMS.slice(0, 10) });
  }
}

function authorized(method: AuthMethod, req: IncomingMessage): boolean {
  const header = req.headers.authorization ?? "";
  switch (method) {
    case "bearer":
      return header === `Bearer ${CREDENTIALS.api_key}`;
    case "basic":
      return header === `Basic ${Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString("base64")}`;
    case "api-key":
      return req.headers["x-api-key"] === CREDENTIALS.api_key;
    case "oauth":
      return header === `Bearer ${ACCESS_TOKEN}`;
    case "session":
      return header === `Bearer ${SESSION_TOKEN}`;
    case "jwt":
      try {
        jwt.verify(header.replace(/^Bearer /, ""), CREDENTIALS.secret_key, { algorithms: ["HS256"] });
        return true;
      } catch {
        return false;
      }
    case "none":
      return true;
  }
}
