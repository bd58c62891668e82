import { PyDateTime } from "../../../python/index.js";
import { routeFor, type Route } from "./routes.js";
import { setPath } from "./template-paths.js";

/** A token answer: the body an OAuth token endpoint or a session login returns. */
export type TokenAnswer = Record<string, unknown>;

const FAR = PyDateTime.fromFields({ year: 2099, month: 1, day: 1 });

/**
 * What the manifest's authenticators ask for: one answer for OAuth token requests (every field name the
 * manifest's `OAuthAuthenticator`s read, expiry in their format) and a route per session login path
 * (`SessionTokenAuthenticator.login_requester`), answering with the token at `session_token_path`.
 *
 * @example
 * const auth = authEndpoints(manifest);
 * auth.oauth // { access_token: "sluice-access-token", expires_in: 3600, refresh_token: "sluice-refresh-token" }
 */
export function authEndpoints(manifest: unknown): { oauth: TokenAnswer; sessions: Route<TokenAnswer>[] } {
  // The camelCase names too: a component's own token request reads them (source-my-hours).
  const oauth: TokenAnswer = {
    access_token: "sluice-access-token", expires_in: 3600, refresh_token: "sluice-refresh-token", token_type: "Bearer",
    accessToken: "sluice-access-token", expiresIn: 3600, refreshToken: "sluice-refresh-token",
  };
  const sessions: Route<TokenAnswer>[] = [];
  walk(manifest, (node) => {
    if (node.type === "OAuthAuthenticator" || node.type === "DeclarativeOAuthAuthenticator") {
      const format = node.token_expiry_date_format;
      // A format with `%` directives is Python's; others (`YYYY-MM-DDTHH:mm:ss[Z]`) are pendulum tokens, read as ISO 8601.
      const expires = typeof format === "string" ? (format.includes("%") ? FAR.strftime(format) : "2099-01-01T00:00:00Z") : 3600;
      setPath(oauth, [String(node.access_token_name ?? "access_token")], "sluice-access-token");
      setPath(oauth, [String(node.expires_in_name ?? "expires_in")], expires);
      setPath(oauth, [String(node.refresh_token_name ?? "refresh_token")], "sluice-refresh-token");
    }
    if (node.type === "SessionTokenAuthenticator") {
      const login = (node.login_requester ?? {}) as Record<string, unknown>;
      const answer: TokenAnswer = {};
      const path = Array.isArray(node.session_token_path) ? node.session_token_path.map(String) : ["token"];
      setPath(answer, path, "sluice-session-token");
      sessions.push(routeFor([urlPath(login.url_base), typeof login.path === "string" ? login.path : ""].filter(Boolean).join("/"), answer));
    }
  });
  return { oauth, sessions };
}

/** The path part of a `url_base` (templates kept): `https://auth.docker.io/token?x=1` -> `/token`. */
function urlPath(urlBase: unknown): string {
  if (typeof urlBase !== "string") return "";
  return urlBase.trim().replace(/^[a-z]+:\/\/[^/]*/i, "").replace(/\?.*$/s, "").replace(/\/+$/, "");
}

/**
 * True for a token request: a body or query carrying `grant_type` (form or JSON); a POST to a login or
 * token path (`/api/4.0/login`, `/api/tokens/refresh`: a Python component's own token request, which no
 * manifest authenticator describes); a Graph-style `?fields=access_token` lookup.
 *
 * @example
 * isTokenRequest("", new URL("https://x/api/tokens/login"), "POST") // true
 */
export function isTokenRequest(body: string, url?: URL, method = "GET"): boolean {
  if (/(^|&)grant_type=|"grant_type"\s*:/.test(body)) return true;
  if (!url) return false;
  if (url.searchParams.has("grant_type") || url.searchParams.get("fields") === "access_token") return true;
  return method.toUpperCase() === "POST" && TOKEN_PATH.test(url.pathname);
}

const TOKEN_PATH = /\/(login|token|oauth\/token|access_token|tokens\/(login|refresh))\/?$/i;

function walk(node: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === "object") {
    visit(node as Record<string, unknown>);
    for (const value of Object.values(node)) walk(value, visit);
  }
}
