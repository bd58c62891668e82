import { HttpRequestError, type Secrets, type SendOptions } from "../../sdk/index.js";

/**
 * The errors the HTTP client makes of what a transport did: its own error with every secret masked, a
 * redirect it followed by itself, a redirect chain too long. (retrying-http-client.ts raises them.)
 */

/** The origin of a URL (the text itself when it is not one). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The error as the transport raised it, with every secret (a URL's password included) masked in its message. */
export function redactedError(error: unknown, secrets: Secrets): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const message = secrets.redact(original.message);
  if (message === original.message) return original;
  const copy = new Error(message);
  copy.name = original.name;
  const code = (original as NodeJS.ErrnoException).code;
  return code === undefined ? copy : Object.assign(copy, { code });
}

/** A registered transport that followed a redirect on its own (it ignored `redirect: "manual"`). */
export function transportFollowed(url: string, label: string, secrets: Secrets): HttpRequestError {
  return new HttpRequestError("HTTP_TRANSPORT_REDIRECTED", `The transport followed a redirect of ${label} to another origin by itself (${secrets.redact(originOf(url))})`, {
    failureType: "config_error",
    where: { request: label },
    expected: "a Fetch that honours redirect: \"manual\" and hands 3xx responses back, so that Sluice applies its origin rule",
    found: `a response from ${secrets.redact(originOf(url))}`,
  });
}

/** A redirect chain longer than `http.maxRedirects`. */
export function tooManyRedirects(max: number, label: string, options: SendOptions): HttpRequestError {
  return new HttpRequestError("HTTP_REDIRECT_LIMIT", `${label} redirected more than ${max} times`, {
    failureType: "system_error",
    where: { ...options.where, request: label },
    expected: `at most ${max} redirects (http.maxRedirects)`,
    found: "a longer chain (or a loop)",
  });
}
