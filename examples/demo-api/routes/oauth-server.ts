import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sendJson, type DemoRequest, type DemoRouter } from "../router.js";

/** The demo authorization server's registered app: any loopback redirect URI (RFC 8252) is accepted. */
export const DEMO_OAUTH_CLIENT = { id: "demo-client", secret: "demo-secret" } as const;

/** Seconds an access token of the demo authorization server lives. */
export const DEMO_ACCESS_TOKEN_TTL = 3600;

interface Grant {
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge?: string;
  expiresAt: number;
}

interface Pending {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  challenge?: string;
  /** The query names this flavour answers with. */
  flavour: "standard" | "tiktok";
}

const token = (prefix: string): string => `${prefix}_${randomBytes(18).toString("base64url")}`;
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function isLoopback(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === "http:" && (u.hostname === "127.0.0.1" || u.hostname === "localhost" || u.hostname === "[::1]");
  } catch {
    return false;
  }
}

function html(res: ServerResponse, status: number, body: string): void {
  const text = `<!doctype html><html><head><meta charset="utf-8"><title>Demo authorization</title></head><body>${body}</body></html>`;
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function consentPage(res: ServerResponse, id: string, pending: Pending): void {
  html(res, 200,
    `<h1>Allow access?</h1><p>The app <b>${esc(pending.clientId)}</b> asks for: <span id="scope">${esc(pending.scope || "(no scope)")}</span></p>` +
    `<form method="post" action="/authz/decision"><input type="hidden" name="request" value="${esc(id)}">` +
    `<button type="submit" id="allow" name="decision" value="allow">Allow</button> ` +
    `<button type="submit" id="deny" name="decision" value="deny">Deny</button></form>`);
}

function basicCredentials(req: DemoRequest): { id?: string; secret?: string } {
  const header = String(req.headers.authorization ?? "");
  if (!header.startsWith("Basic ")) return {};
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? {} : { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/**
 * A small OAuth 2 authorization server for the demo API, so the declarative consent flow
 * (`sluice oauth`) and the refresh afterwards (`OAuthAuthenticator`) run locally end to end.
 *
 * - `GET /authz/authorize?response_type=code&client_id&redirect_uri&scope&state[&code_challenge&code_challenge_method=S256]`:
 *   a consent page with "Allow" and "Deny"; the choice redirects to `redirect_uri?code=...&state=...`
 *   or `?error=access_denied&state=...` (modelled on GitHub/Google).
 * - `POST /authz/token` (alias `/authz/refresh`), JSON or form, client credentials in the body or as HTTP Basic:
 *   `grant_type=authorization_code` (single-use code, redirect URI must match, PKCE S256 verified when the
 *   consent carried a challenge) or `grant_type=refresh_token`. Answers
 *   `{"access_token":"at_...","refresh_token":"rt_...","token_type":"Bearer","expires_in":3600,"scope":"read write"}`,
 *   or `400 {"error":"invalid_grant","error_description":"..."}` (401 `invalid_client`).
 * - `GET /authz/userinfo` with `Authorization: Bearer <access token>`: `{"sub":"demo-user","scope":"..."}`.
 * - A TikTok-Marketing-style flavour with other key names: `GET /authz/tiktok/auth?app_id&redirect_uri&state&scope`
 *   redirects back with `auth_code` (and `state`); `POST /authz/tiktok/access_token` takes JSON
 *   `{"app_id","secret","auth_code"}` and answers `{"code":0,"message":"OK","data":{"access_token":"...","refresh_token":"...","expires_in":3600,"scope":[...]}}`.
 *
 * @example
 * # the manifest's advanced_auth for the standard flavour
 * consent_url: "{{ base_url }}/authz/authorize?response_type=code&{{ client_id_param }}&{{ redirect_uri_param }}&{{ scope_param }}&{{ state_param }}"
 * access_token_url: "{{ base_url }}/authz/token"
 */
export function registerOAuthServerRoutes(router: DemoRouter, options: { now?: () => number } = {}): void {
  const now = options.now ?? Date.now;
  const pending = new Map<string, Pending>();
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, { clientId: string; scope: string }>();
  const accessTokens = new Map<string, { scope: string; expiresAt: number }>();

  const authorize = (flavour: Pending["flavour"]) => (req: DemoRequest, res: ServerResponse): void => {
    const q = req.url.searchParams;
    const clientId = q.get(flavour === "tiktok" ? "app_id" : "client_id") ?? "";
    const redirectUri = q.get("redirect_uri") ?? "";
    if (clientId !== DEMO_OAUTH_CLIENT.id) return html(res, 400, `<h1>Unknown app</h1><p>${esc(clientId || "(no client id)")}</p>`);
    if (!isLoopback(redirectUri)) return html(res, 400, "<h1>Redirect URI not registered</h1><p>Only loopback http URIs are allowed.</p>");
    if (flavour === "standard" && q.get("response_type") !== "code") return html(res, 400, "<h1>response_type must be code</h1>");
    const challenge = q.get("code_challenge") ?? undefined;
    if (challenge !== undefined && q.get("code_challenge_method") !== "S256") return html(res, 400, "<h1>Only code_challenge_method=S256 is supported</h1>");
    if (challenge !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return html(res, 400, "<h1>code_challenge is not an unpadded base64url SHA-256</h1>");
    const id = token("req");
    const scope = flavour === "tiktok" ? (q.get("scope") ?? "").split(",").filter(Boolean).join(" ") : q.get("scope") ?? "";
    pending.set(id, { clientId, redirectUri, scope, state: q.get("state") ?? undefined, challenge, flavour });
    consentPage(res, id, pending.get(id)!);
  };
  router.add("GET", "/authz/authorize", authorize("standard"));
  router.add("GET", "/authz/tiktok/auth", authorize("tiktok"));

  router.add("POST", "/authz/decision", (req, res) => {
    const id = String(req.fields.request ?? "");
    const request = pending.get(id);
    if (!request) return html(res, 400, "<h1>This consent request is unknown or was already answered</h1>");
    pending.delete(id);
    const target = new URL(request.redirectUri);
    if (req.fields.decision === "allow") {
      const code = token("code");
      codes.set(code, { clientId: request.clientId, redirectUri: request.redirectUri, scope: request.scope, challenge: request.challenge, expiresAt: now() + 60_000 });
      target.searchParams.set(request.flavour === "tiktok" ? "auth_code" : "code", code);
    } else {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "The user denied the request");
    }
    if (request.state !== undefined) target.searchParams.set("state", request.state);
    res.writeHead(302, { Location: target.toString(), "Content-Length": 0 });
    res.end();
  });

  const issue = (clientId: string, scope: string, refresh?: string): Record<string, unknown> => {
    const access = token("at");
    accessTokens.set(access, { scope, expiresAt: now() + DEMO_ACCESS_TOKEN_TTL * 1000 });
    const refreshToken = refresh ?? token("rt");
    refreshTokens.set(refreshToken, { clientId, scope });
    return { access_token: access, refresh_token: refreshToken, token_type: "Bearer", expires_in: DEMO_ACCESS_TOKEN_TTL, scope };
  };

  const redeem = (code: string, clientId: string, redirectUri: unknown, verifier: unknown): Grant | string => {
    const grant = codes.get(code);
    codes.delete(code);
    if (!grant || grant.expiresAt < now() || grant.clientId !== clientId) return "the code is unknown, expired or already used";
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri) return "redirect_uri does not match the consent";
    if (grant.challenge !== undefined) {
      if (typeof verifier !== "string" || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return "code_verifier is missing or malformed";
      if (createHash("sha256").update(verifier, "ascii").digest("base64url") !== grant.challenge) return "code_verifier does not match the code_challenge";
    }
    return grant;
  };

  const tokenEndpoint = (req: DemoRequest, res: ServerResponse): void => {
    const basic = basicCredentials(req);
    const f = req.fields;
    const clientId = basic.id ?? String(f.client_id ?? "");
    const secret = basic.secret ?? String(f.client_secret ?? "");
    if (clientId !== DEMO_OAUTH_CLIENT.id || secret !== DEMO_OAUTH_CLIENT.secret) {
      return sendJson(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
    }
    if (f.grant_type === "authorization_code") {
      const grant = redeem(String(f.code ?? ""), clientId, f.redirect_uri, f.code_verifier);
      if (typeof grant === "string") return sendJson(res, 400, { error: "invalid_grant", error_description: grant });
      return sendJson(res, 200, issue(clientId, grant.scope), { "Cache-Control": "no-store" });
    }
    if (f.grant_type === "refresh_token") {
      const known = refreshTokens.get(String(f.refresh_token ?? ""));
      if (!known || known.clientId !== clientId) return sendJson(res, 400, { error: "invalid_grant", error_description: "The refresh token is unknown" });
      return sendJson(res, 200, issue(clientId, known.scope, String(f.refresh_token)), { "Cache-Control": "no-store" });
    }
    sendJson(res, 400, { error: "unsupported_grant_type", error_description: `grant_type ${JSON.stringify(f.grant_type ?? null)} is not supported` });
  };
  router.add("POST", "/authz/token", tokenEndpoint);
  router.add("POST", "/authz/refresh", tokenEndpoint);

  router.add("POST", "/authz/tiktok/access_token", (req, res) => {
    const f = req.fields;
    if (!String(req.headers["content-type"] ?? "").includes("application/json")) return sendJson(res, 200, { code: 40002, message: "Content-Type must be application/json" });
    if (f.app_id !== DEMO_OAUTH_CLIENT.id || f.secret !== DEMO_OAUTH_CLIENT.secret) return sendJson(res, 200, { code: 40001, message: "app_id or secret is invalid" });
    const grant = redeem(String(f.auth_code ?? ""), String(f.app_id), undefined, f.code_verifier);
    if (typeof grant === "string") return sendJson(res, 200, { code: 40104, message: grant });
    const issued = issue(String(f.app_id), grant.scope);
    sendJson(res, 200, { code: 0, message: "OK", data: { ...issued, scope: grant.scope.split(" ").filter(Boolean) } });
  });

  router.add("GET", "/authz/userinfo", (req, res) => {
    const header = String(req.headers.authorization ?? "");
    const access = header.startsWith("Bearer ") ? accessTokens.get(header.slice(7)) : undefined;
    if (!access || access.expiresAt < now()) return sendJson(res, 401, { error: "invalid_token" }, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
    sendJson(res, 200, { sub: "demo-user", scope: access.scope });
  });
}
