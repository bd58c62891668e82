import { json, type Loopback, type SeenRequest } from "./loopback.js";

export interface OAuthServerOptions {
  /** The clock the server judges expiry by (the connector's injected clock). */
  clock: { now(): number };
  expiresIn?: number | string;
  /** Rotate refresh tokens: each one works once, and the response carries the next. */
  rotate?: boolean;
  /** The refresh tokens the server accepts at the start. */
  refreshTokens?: string[];
  /** Milliseconds the token endpoint takes (to make concurrent callers overlap). */
  delayMs?: number;
  /** Wraps the token response (to test nested responses). */
  wrap?: (body: Record<string, unknown>) => unknown;
  /** Pages per stream (default 3). */
  pages?: number;
  /** Called after a data page was served (to move the clock or revoke a token mid-read). */
  onPage?: (page: number, token: string) => void;
}

/**
 * A fake OAuth provider and API on a loopback server, strict like a real one: the token endpoint
 * checks the client credentials and the refresh token (spent ones are refused with invalid_grant),
 * and the data endpoints refuse unknown, revoked and expired access tokens with 401.
 */
export function oauthServer(api: Loopback, options: OAuthServerOptions) {
  const accessTokens = new Map<string, number>();
  const validRefresh = new Set(options.refreshTokens ?? ["r1"]);
  const tokenRequests: SeenRequest[] = [];
  const dataAuth: string[] = [];
  let issued = 0;
  const state = {
    tokenRequests,
    dataAuth,
    validRefresh,
    revoke(token: string) {
      accessTokens.delete(token);
    },
    issuedCount: () => issued,
  };
  api.route("/oauth/token", async (req, res) => {
    tokenRequests.push(req);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const form = req.headers["content-type"]?.startsWith("application/json") ? new URLSearchParams(JSON.parse(req.body || "{}") as Record<string, string>) : new URLSearchParams(req.body || req.query.toString());
    const basic = req.headers.authorization === `Basic ${Buffer.from("cid:csecret").toString("base64")}`;
    if (!basic && (form.get("client_id") !== "cid" || form.get("client_secret") !== "csecret")) return json(res, 401, { error: "invalid_client" });
    const grant = form.get("grant_type");
    if (grant === "refresh_token") {
      const presented = form.get("refresh_token") ?? "";
      if (!validRefresh.has(presented)) return json(res, 400, { error: "invalid_grant", error_description: `refresh token ${presented} is invalid` });
      if (options.rotate) validRefresh.delete(presented);
    } else if (grant !== "client_credentials") {
      return json(res, 400, { error: "unsupported_grant_type" });
    }
    issued++;
    const token = `at-${issued}-${Math.random().toString(36).slice(2, 8)}`;
    const expiresIn = options.expiresIn ?? 3600;
    const lifetime = typeof expiresIn === "number" ? expiresIn * 1000 : Date.parse(expiresIn) - options.clock.now();
    accessTokens.set(token, options.clock.now() + lifetime);
    const body: Record<string, unknown> = { access_token: token, token_type: "Bearer", expires_in: expiresIn };
    if (options.rotate) {
      const next = `r${issued + 1}-${Math.random().toString(36).slice(2, 8)}`;
      validRefresh.add(next);
      body.refresh_token = next;
    }
    json(res, 200, options.wrap ? options.wrap(body) : body);
  });
  const pages = options.pages ?? 3;
  const data = (req: SeenRequest, res: Parameters<Parameters<Loopback["route"]>[1]>[1]) => {
    const header = String(req.headers.authorization ?? "");
    dataAuth.push(header);
    const token = header.replace(/^Bearer /, "");
    const expiresAt = accessTokens.get(token);
    if (expiresAt === undefined) return json(res, 401, { error: "invalid_token" });
    if (options.clock.now() >= expiresAt) return json(res, 401, { error: "token_expired" });
    const page = Number(req.query.get("cursor") ?? "1");
    json(res, 200, { data: [{ page, path: req.path }], next: page < pages ? String(page + 1) : null });
    options.onPage?.(page, token);
  };
  for (const path of ["/items", "/users", "/orders", "/teams"]) api.route(path, data);
  return state;
}
