import { randomBytes } from "node:crypto";
import jwt from "jsonwebtoken";
import { sendJson, type DemoRequest, type DemoRouter } from "../router.js";

/**
 * The demo API's test credentials for each authentication method (not real ones). The demo
 * connector's config (examples/demo/demo-config.ts) carries them.
 */
export const DEMO_AUTH = {
  basic: { username: "demo-user", password: "demo-pass" },
  bearer: "demo-bearer-token",
  apiKey: "demo-query-key",
  jwt: { secret: "demo-jwt-secret", issuer: "sluice-demo" },
  oauth: { clientId: "demo-oauth-client", clientSecret: "demo-oauth-secret", refreshToken: "demo-refresh-token" },
  session: { username: "demo@example.com", password: "demo-session-pass" },
} as const;

/** Seconds an access token or session of these endpoints lives. */
const TOKEN_TTL = 3600;

/**
 * One protected endpoint per authentication method, each answering `{"data": [{"method": ..., "id": n}]}`:
 * - `GET /v1/auth/basic/items`: HTTP Basic `demo-user:demo-pass`
 * - `GET /v1/auth/bearer/items`: `Authorization: Bearer demo-bearer-token`
 * - `GET /v1/auth/api-key/items?api_key=demo-query-key`
 * - `GET /v1/auth/jwt/items`: `Authorization: Bearer <HS256 JWT, iss sluice-demo>`, signature and time claims verified
 * - `POST /v1/auth/oauth/token` (form: refresh_token or client_credentials grant) and `GET /v1/auth/oauth/items`
 * - `POST /v1/auth/session` (`{"username","password"}` -> `{"id"}`, Metabase-style) and `GET /v1/auth/session/items` with `X-Session`
 *
 * @example
 * curl -u demo-user:demo-pass http://127.0.0.1:PORT/v1/auth/basic/items
 */
export function registerAuthRoutes(router: DemoRouter): void {
  const accessTokens = new Map<string, number>();
  const sessions = new Map<string, number>();
  const items = (method: string) => ({ data: [1, 2, 3].map((id) => ({ id, method })) });
  const guard = (method: string, ok: (req: DemoRequest) => boolean) => (req: DemoRequest, res: Parameters<Parameters<DemoRouter["add"]>[2]>[1]) =>
    ok(req) ? sendJson(res, 200, items(method)) : sendJson(res, 401, { error: "unauthorized", method });

  const basic = `Basic ${Buffer.from(`${DEMO_AUTH.basic.username}:${DEMO_AUTH.basic.password}`).toString("base64")}`;
  router.add("GET", "/v1/auth/basic/items", guard("basic", (req) => req.headers.authorization === basic));
  router.add("GET", "/v1/auth/bearer/items", guard("bearer", (req) => req.headers.authorization === `Bearer ${DEMO_AUTH.bearer}`));
  router.add("GET", "/v1/auth/api-key/items", guard("api_key", (req) => req.url.searchParams.get("api_key") === DEMO_AUTH.apiKey));
  router.add("GET", "/v1/auth/jwt/items", guard("jwt", (req) => {
    try {
      jwt.verify(bearer(req), DEMO_AUTH.jwt.secret, { algorithms: ["HS256"], issuer: DEMO_AUTH.jwt.issuer });
      return true;
    } catch {
      return false;
    }
  }));

  router.add("POST", "/v1/auth/oauth/token", (req, res) => {
    const f = req.fields as Record<string, string>;
    if (f.client_id !== DEMO_AUTH.oauth.clientId || f.client_secret !== DEMO_AUTH.oauth.clientSecret) return sendJson(res, 401, { error: "invalid_client" });
    if (f.grant_type === "refresh_token" && f.refresh_token !== DEMO_AUTH.oauth.refreshToken) return sendJson(res, 400, { error: "invalid_grant" });
    if (f.grant_type !== "refresh_token" && f.grant_type !== "client_credentials") return sendJson(res, 400, { error: "unsupported_grant_type" });
    const token = `demo_at_${randomBytes(12).toString("base64url")}`;
    accessTokens.set(token, Date.now() + TOKEN_TTL * 1000);
    sendJson(res, 200, { access_token: token, token_type: "Bearer", expires_in: TOKEN_TTL });
  });
  router.add("GET", "/v1/auth/oauth/items", guard("oauth", (req) => (accessTokens.get(bearer(req)) ?? 0) > Date.now()));

  router.add("POST", "/v1/auth/session", (req, res) => {
    const f = req.fields as Record<string, string>;
    if (f.username !== DEMO_AUTH.session.username || f.password !== DEMO_AUTH.session.password) return sendJson(res, 401, { errors: { password: "did not match stored password" } });
    const id = randomBytes(16).toString("hex");
    sessions.set(id, Date.now() + TOKEN_TTL * 1000);
    sendJson(res, 200, { id });
  });
  router.add("GET", "/v1/auth/session/items", guard("session", (req) => (sessions.get(String(req.headers["x-session"] ?? "")) ?? 0) > Date.now()));
}

function bearer(req: DemoRequest): string {
  return String(req.headers.authorization ?? "").replace(/^Bearer /, "");
}
