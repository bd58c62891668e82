import type { ServerResponse } from "node:http";
import { createSluice } from "../../../../core/index.js";
import { Clock, Logger, type ConnectorConfig } from "../../../../sdk/index.js";
import { startLoopback, type Loopback, type SeenRequest } from "./loopback.js";
import { testManifest } from "./connector.js";

/** One token's pool on the mock API: calls left, the limit, the reset in epoch seconds. */
export interface Pool {
  remaining: number;
  limit: number;
  reset: number;
}

/** What the mock GitHub-like API does. */
export interface QuotaApiOptions {
  /** Token -> its pools (core, search) as the server counts them. */
  pools: Record<string, { core: Pool; search?: Pool }>;
  now: () => number;
  /** Pages of /items (default 4). */
  pages?: number;
  /** Send X-RateLimit-* headers on data responses (default true). */
  headers?: boolean;
  /** The status of a call on a spent pool (default 403, as GitHub). */
  spentStatus?: number;
  /** What /rate_limit answers instead of the pools (a status). */
  statusAnswer?: number;
  /** A stale status endpoint: the core remaining it reports for these tokens, whatever the real count. */
  reportedCore?: Record<string, number>;
}

/** The mock API: GitHub's `/rate_limit`, `/items` (cursor pages, core pool) and `/search/issues` (search pool). */
export interface QuotaApi {
  url: string;
  seen: SeenRequest[];
  /** The token of each data request, in order. */
  dataTokens(): string[];
  /** The token of each /rate_limit request, in order. */
  statusTokens(): string[];
  close(): Promise<void>;
}

export async function startQuotaApi(options: QuotaApiOptions): Promise<QuotaApi> {
  const api: Loopback = await startLoopback();
  const tokenOf = (req: SeenRequest) => String(req.headers.authorization ?? "").replace(/^token /, "");
  const refill = (pool: Pool) => {
    const now = Math.floor(options.now() / 1000);
    if (pool.reset <= now) Object.assign(pool, { remaining: pool.limit, reset: now + 3600 });
    return pool;
  };
  api.route("/rate_limit", (req, res) => {
    const pools = options.pools[tokenOf(req)];
    if (options.statusAnswer) return send(res, options.statusAnswer, { message: "Rate limiting is not enabled." });
    if (!pools) return send(res, 401, { message: "Bad credentials" });
    const reported = options.reportedCore?.[tokenOf(req)];
    const resources = Object.fromEntries(Object.entries(pools).map(([name, pool]) => [name, { ...refill(pool), ...(name === "core" && reported !== undefined ? { remaining: reported } : {}) }]));
    send(res, 200, { resources });
  });
  const data = (name: "core" | "search") => (req: SeenRequest, res: ServerResponse) => {
    const pools = options.pools[tokenOf(req)];
    if (!pools) return send(res, 401, { message: "Bad credentials" });
    const pool = refill(pools[name]!);
    const spent = pool.remaining <= 0;
    if (!spent) pool.remaining -= 1;
    const headers: Record<string, string> = options.headers === false ? {} : { "X-RateLimit-Remaining": String(pool.remaining), "X-RateLimit-Reset": String(pool.reset), "X-RateLimit-Limit": String(pool.limit) };
    if (spent) return send(res, options.spentStatus ?? 403, { message: "API rate limit exceeded" }, { ...headers, "Retry-After": "3600" });
    const page = Number(req.query.get("cursor") ?? "1");
    const last = name === "search" ? 2 : (options.pages ?? 4);
    send(res, 200, { data: [{ page }], next: page < last ? String(page + 1) : null }, headers);
  };
  api.route("/items", data("core"));
  api.route("/search/issues", data("search"));
  return {
    url: api.url,
    seen: api.seen,
    dataTokens: () => api.seen.filter((r) => r.path !== "/rate_limit").map(tokenOf),
    statusTokens: () => api.seen.filter((r) => r.path === "/rate_limit").map(tokenOf),
    close: () => api.close(),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Every log line of a read, as written (before any redaction a host's logger would do). */
export interface CapturedLogs {
  lines: string[];
  logger: Logger;
}

export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  return { lines, logger: { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") } };
}

/** A connector whose streams (`items` at /items, `search` at /search/issues, paginated) use `authenticator`. */
export async function quotaConnector(url: string, authenticator: unknown, config: ConnectorConfig, clock: Clock, logger?: Logger, streamParameters = false) {
  // Backoff capped at 1 s (a fake clock: nothing really waits), above the 100 ms of a rotation.
  const sluice = createSluice({ http: { baseDelayMs: 1, maxDelayMs: 1000 }, logLevel: "error" } as never);
  const manifest = testManifest({ url, authenticator, paginated: true, streams: { items: "/items", search: "/search/issues" } });
  // Each stream's own $parameters, propagated down to the authenticator and its pools, as real manifests have them.
  if (streamParameters) for (const stream of manifest.streams as Array<Record<string, unknown>>) stream.$parameters = { name: stream.name, owner: `team-${String(stream.name)}` };
  const services: Array<readonly [unknown, unknown]> = [[Clock, clock]];
  if (logger) services.push([Logger, logger]);
  return sluice.connect({ manifest, config, services } as never);
}

/** A GitHub-shaped authenticator: `token <pat>`, a core pool (default) and a search pool, headers reconciled. */
export function githubAuthenticator(url: string, extra: Record<string, unknown> = {}, quotaExtra: Record<string, unknown> = {}) {
  const pool = (name: string) => ({
    type: "TokenQuota",
    name,
    remaining_path: ["resources", name, "remaining"],
    reset_path: ["resources", name, "reset"],
    limit_path: ["resources", name, "limit"],
    remaining_header: "X-RateLimit-Remaining",
    reset_header: "X-RateLimit-Reset",
    limit_header: "X-RateLimit-Limit",
    ...quotaExtra,
  });
  return {
    type: "RateLimitedMultipleTokenAuthenticator",
    tokens: "{{ config['credentials']['personal_access_token'] }}",
    auth_method: "token",
    quota_status_source: { type: "QuotaStatusSource", url: `${url}/rate_limit` },
    quotas: [{ ...pool("search"), matchers: [{ type: "HttpRequestRegexMatcher", url_path_pattern: "^/search/" }] }, pool("core")],
    budget_reserve_fraction: 0,
    budget_min_reserve: 0,
    ...extra,
  };
}
