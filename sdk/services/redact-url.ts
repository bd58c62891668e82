import type { Secrets } from "./secrets.js";

/**
 * How much of a URL {@link redactUrl} shows.
 *
 * @example
 * const forTokenEndpoint: RedactUrlOptions = { hideQuery: true };
 */
export interface RedactUrlOptions {
  /**
   * Replace the whole query with `…` (a token endpoint's query may carry a client secret the secrets
   * do not know yet). Default false: the query is kept, its known secrets redacted.
   */
  hideQuery?: boolean;
}

/**
 * A URL as it may be shown in a message or a log: user info masked, every known secret redacted, and
 * the query hidden when asked. The one home of a shown URL, for the HTTP client and the authenticators.
 *
 * @example
 * redactUrl("https://me:pw@api.example.com/users?key=s3cret", secrets)
 * // "https://****:****@api.example.com/users?key=****"
 * redactUrl("https://auth.example.com/token?client_secret=x", secrets, { hideQuery: true })
 * // "https://auth.example.com/token?…"
 */
export function redactUrl(url: string, secrets: Secrets, options: RedactUrlOptions = {}): string {
  const shown = secrets.redact(withoutUserInfo(url));
  return options.hideQuery ? shown.replace(/\?.*$/, "?…") : shown;
}

function withoutUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    if (parsed.username) parsed.username = "****";
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return url;
  }
}
