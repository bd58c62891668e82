import { AuthenticationError } from "../sdk/errors/index.js";
import { SecretRegistry } from "../sdk/services/secret-registry.js";
import { redactedExcerpt } from "../sdk/services/secrets.js";
import { describeTokenRequest, type TokenRequest } from "./token-request.js";

/** How the code exchange is sent; tests and hosts may pass their own `fetch`. */
export interface SendTokenOptions {
  fetch?: typeof fetch;
  /** Milliseconds before the exchange is abandoned (default 30,000). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Values that must never appear in an error (the client secret, the code, the verifier). */
  secrets?: readonly (string | undefined)[];
}

/** The text redacted (every form of every secret, {@link SecretRegistry}) and then cut to 300 characters. */
function redact(text: string, secrets: readonly (string | undefined)[]): string {
  const registry = new SecretRegistry();
  for (const secret of secrets) registry.add(secret);
  return redactedExcerpt(registry, text, 300);
}

/** The provider's own words about a failure (`error`, `error_description`, Slack's `ok: false`), if the body has them. */
export function providerError(body: unknown, secrets: readonly (string | undefined)[] = []): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as Record<string, unknown>;
  const error = typeof b.error === "string" ? b.error : typeof b.message === "string" && b.ok === false ? b.message : undefined;
  if (error === undefined) return undefined;
  const description = typeof b.error_description === "string" ? `: ${b.error_description}` : "";
  return redact(`${error}${description}`, secrets);
}

function parseBody(text: string, contentType: string): unknown {
  if (/application\/x-www-form-urlencoded/i.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends the code exchange and returns the decoded response body. Unlike the platform (which never
 * looks at the status), a non-2xx answer raises `OAUTH_TOKEN_EXCHANGE_FAILED` with the provider's
 * `error`/`error_description`; a body that is neither JSON nor a form (GitHub's old default) raises
 * `OAUTH_TOKEN_RESPONSE_INVALID`. Redirects are not followed, so the client secret never goes to another host.
 *
 * @example
 * const data = await sendTokenRequest(request, { timeoutMs: 10_000 });
 * // { access_token: "...", refresh_token: "...", expires_in: 3600 }
 */
export async function sendTokenRequest(request: TokenRequest, options: SendTokenOptions = {}): Promise<unknown> {
  const where = { request: describeTokenRequest(request.url) };
  const secrets = options.secrets ?? [];
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(request.url, { method: "POST", headers: request.headers, body: request.body, redirect: "manual", signal });
  } catch (error) {
    throw new AuthenticationError("OAUTH_TOKEN_EXCHANGE_FAILED", "The token endpoint could not be reached", {
      failureType: "transient_error",
      where,
      found: redact(String((error as Error)?.message ?? error), secrets),
    });
  }
  const text = await response.text();
  const body = parseBody(text, response.headers.get("content-type") ?? "");
  if (response.status < 200 || response.status >= 300) {
    throw new AuthenticationError("OAUTH_TOKEN_EXCHANGE_FAILED", `The token endpoint refused the code exchange (HTTP ${response.status})`, {
      failureType: "config_error",
      where,
      expected: "HTTP 2xx with the tokens",
      found: providerError(body, secrets) ?? `HTTP ${response.status} with a body of ${text.length} bytes`,
    });
  }
  if (body === undefined || body === null || typeof body !== "object") {
    throw new AuthenticationError("OAUTH_TOKEN_RESPONSE_INVALID", "The token endpoint's answer is not a JSON object", {
      where,
      expected: "a JSON object with the tokens",
      found: `${response.headers.get("content-type") ?? "no content type"}, ${text.length} bytes`,
    });
  }
  return body;
}
