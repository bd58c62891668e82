import { HttpRequestError, type OutgoingRequest, type Secrets } from "../../sdk/index.js";

/** The statuses that redirect (with a `Location`). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers never sent to another origin, whatever their value. */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);

/** What decides where a redirect may go. */
export interface RedirectPolicy {
  /** The origin the credentials were configured for: the first request's origin. */
  trustedOrigin: string;
  /** Whether a redirect to another origin may be followed (without credentials); else it is refused. */
  followCrossOrigin: boolean;
  /** Values that must never reach another origin, in any header. */
  secrets: Secrets;
}

/** The next request of a redirect chain, before any credentials are added. */
export interface RedirectHop {
  request: OutgoingRequest;
  /** False once the chain has left the trusted origin: the authenticator is not applied again. */
  credentials: boolean;
}

/**
 * The redirect target of a response, resolved against the URL asked for, or undefined when it does not
 * redirect; a `Location` that is not an http(s) URL is an error (`label` names the request).
 *
 * @example
 * redirectTarget(302, "/v2/users", "https://api.example.com/v1/users", label) // "https://api.example.com/v2/users"
 */
export function redirectTarget(status: number, location: string | null, from: string, label: () => string): string | undefined {
  if (!REDIRECTS.has(status) || !location) return undefined;
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw invalidLocation("a Location that is not a URL", label());
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") throw invalidLocation(`a ${target.protocol} URL`, label());
  return target.href;
}

/**
 * The request that follows a redirect, as browsers and Python's requests build it: 303 (and 301/302 after
 * a POST) becomes a GET without a body; 307/308 keep method and body. It starts from the request as it
 * was before the authenticator touched it: on the trusted origin the authenticator adds its credentials
 * again; on another origin (only when allowed) none are added, headers that carry a secret or a cookie
 * are dropped, and a body is never sent there.
 *
 * @example
 * nextHop(post, 303, "https://api.example.com/result/7", policy) // GET https://api.example.com/result/7, no body
 */
export function nextHop(from: RedirectHop, status: number, target: string, policy: RedirectPolicy): RedirectHop {
  const previous = from.request;
  const toGet = status === 303 || ((status === 301 || status === 302) && previous.method === "POST");
  const method = toGet ? "GET" : previous.method;
  const keepsBody = !toGet && (previous.bodyJson !== undefined || previous.bodyData !== undefined);
  const targetOrigin = new URL(target).origin;
  const sameOrigin = targetOrigin === policy.trustedOrigin;
  if (!sameOrigin && !policy.followCrossOrigin) {
    throw new HttpRequestError("HTTP_REDIRECT_CROSS_ORIGIN", `The API redirected to another origin (${targetOrigin}) than the one it was configured for (${policy.trustedOrigin}); Sluice does not follow it, so no credential can leak there`, {
      status,
      failureType: "config_error",
      expected: `a redirect within ${policy.trustedOrigin} (or allow_cross_origin_pages: true on the requester / --follow-cross-origin-pages, which follows it without credentials)`,
      found: `HTTP ${status} to ${policy.secrets.redact(targetOrigin)}`,
    });
  }
  if (!sameOrigin && keepsBody) {
    throw new HttpRequestError("HTTP_REDIRECT_BODY_REFUSED", `The API answered ${status} to ${previous.method}, asking for the body to be sent again to another origin (${targetOrigin}); Sluice never sends a request body to another origin`, {
      status,
      failureType: "config_error",
      expected: `a ${status} within ${policy.trustedOrigin}, or a 303 (which becomes a GET without a body)`,
      found: `HTTP ${status} to ${policy.secrets.redact(targetOrigin)}`,
    });
  }
  const headers = sameOrigin ? { ...previous.headers } : foreignSafeHeaders(previous.headers, policy.secrets);
  if (toGet) for (const name of Object.keys(headers)) if (/^content-(type|length|encoding)$/i.test(name)) delete headers[name];
  const request: OutgoingRequest = { method, url: target, params: {}, headers };
  if (keepsBody) {
    request.bodyJson = previous.bodyJson;
    request.bodyData = previous.bodyData;
  }
  return { request, credentials: from.credentials && sameOrigin };
}

/** The headers that may go to another origin: none that names a credential or holds a secret's value. */
function foreignSafeHeaders(headers: Record<string, string>, secrets: Secrets): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (CREDENTIAL_HEADERS.has(name.toLowerCase()) || secrets.redact(value) !== value) continue;
    safe[name] = value;
  }
  return safe;
}

function invalidLocation(found: string, request: string): HttpRequestError {
  return new HttpRequestError("HTTP_REDIRECT_INVALID", `${request} redirected to a location Sluice cannot follow`, {
    failureType: "system_error",
    where: { request },
    expected: "an http(s) URL in the Location header",
    found,
  });
}
