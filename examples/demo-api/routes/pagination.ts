import type { ServerResponse } from "node:http";
import { demoUsers, type DemoUser } from "../data.js";
import { sendJson, type DemoRequest, type DemoRouter } from "../router.js";
import { DEMO_API_KEY } from "./basic.js";

const USERS = demoUsers();
const MAX_PAGE_SIZE = 100;

/**
 * The demo API's paginated endpoints, one per pagination method, all over the same 57 users and all
 * behind the `X-Api-Key` header:
 * - `GET /v1/users?limit=&offset=`: offset pagination (`{ data, total }`), like Mailchimp;
 * - `GET /v1/orders?page=&per_page=`: page numbers from 1 (`{ orders, page }`), like Zendesk;
 * - `POST /v1/search` with `{ start_cursor, page_size }` in a JSON body: `{ results, next_cursor, has_more }`, like Notion;
 * - `GET /v1/repos?per_page=&page=`: a top-level array with a `Link: <...>; rel="next"` header, like GitHub.
 *
 * @example
 * curl -H 'X-Api-Key: demo-key-123' 'http://127.0.0.1:PORT/v1/users?limit=20&offset=40'
 * curl -H 'X-Api-Key: demo-key-123' -H 'Content-Type: application/json' -d '{"page_size":20}' http://127.0.0.1:PORT/v1/search
 */
export function registerPaginationRoutes(router: DemoRouter): void {
  router.add("GET", "/v1/users", guarded((req, res) => {
    const limit = size(req.url.searchParams.get("limit"), 20);
    const offset = Math.max(0, Number(req.url.searchParams.get("offset") ?? 0) || 0);
    sendJson(res, 200, { data: USERS.slice(offset, offset + limit), total: USERS.length });
  }));
  router.add("GET", "/v1/orders", guarded((req, res) => {
    const perPage = size(req.url.searchParams.get("per_page"), 20);
    const page = Math.max(1, Number(req.url.searchParams.get("page") ?? 1) || 1);
    sendJson(res, 200, { orders: USERS.slice((page - 1) * perPage, page * perPage).map(order), page });
  }));
  router.add("POST", "/v1/search", guarded((req, res) => {
    const pageSize = size(req.fields.page_size === undefined ? null : String(req.fields.page_size), 20);
    const start = typeof req.fields.start_cursor === "string" ? decodeCursor(req.fields.start_cursor) : 0;
    const results = USERS.slice(start, start + pageSize);
    const end = start + results.length;
    const hasMore = end < USERS.length;
    sendJson(res, 200, { object: "list", results, next_cursor: hasMore ? encodeCursor(end) : null, has_more: hasMore });
  }));
  router.add("GET", "/v1/repos", guarded((req, res) => {
    const perPage = size(req.url.searchParams.get("per_page"), 20);
    const page = Math.max(1, Number(req.url.searchParams.get("page") ?? 1) || 1);
    const repos = USERS.slice((page - 1) * perPage, page * perPage).map(repo);
    const last = Math.max(1, Math.ceil(USERS.length / perPage));
    const link = (p: number, rel: string) => `<${req.origin}/v1/repos?per_page=${perPage}&page=${p}>; rel="${rel}"`;
    const links = [page < last ? link(page + 1, "next") : undefined, link(last, "last"), link(1, "first")].filter(Boolean);
    sendJson(res, 200, repos, { Link: links.join(", ") });
  }));
}

type Handler = (req: DemoRequest, res: ServerResponse) => void;

function guarded(handler: Handler): Handler {
  return (req, res) => {
    if (req.headers["x-api-key"] !== DEMO_API_KEY) return sendJson(res, 401, { error: "invalid api key" });
    handler(req, res);
  };
}

function size(raw: string | null, fallback: number): number {
  const n = Number(raw ?? fallback);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PAGE_SIZE) : fallback;
}

function order(user: DemoUser) {
  return { id: 1000 + user.id, user_id: user.id, total_cents: (user.id * 731) % 10_000, created_at: user.created_at };
}

function repo(user: DemoUser) {
  return { id: user.id, full_name: `demo/${user.email.split("@")[0]}`, private: user.plan === "pro" };
}

/** Cursors are opaque to clients, as Notion's are. */
function encodeCursor(position: number): string {
  return Buffer.from(`pos:${position}`).toString("base64url");
}

function decodeCursor(cursor: string): number {
  const match = /^pos:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? Number(match[1]) : 0;
}
