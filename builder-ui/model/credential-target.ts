import { LOGIN_METHODS, methodOf } from "./auth-methods.js";
import { pagesOf, type TestStream } from "./test-read.js";

/** The Authentication section's control a refused credential is typed in, and its label. */
export interface CredentialTarget {
  label: string;
  /** The element id of view/auth-field.tsx's control (`auth-api_token`), or the method's selector. */
  controlId: string;
}

/**
 * The HTTP status a test read's API answered that refuses its credential (401 or 403: on a page, or
 * on a request before one, such as a session login or a token refresh), `undefined` when none did.
 *
 * @example
 * refusedStatus(result) // 401
 */
export function refusedStatus(stream: TestStream): number | undefined {
  for (const { page } of pagesOf(stream)) {
    for (const response of [...page.auxiliary_requests.map((a) => a.response), page.response]) {
      if (response && (response.status === 401 || response.status === 403)) return response.status;
    }
  }
  return undefined;
}

/**
 * The field of the Global Configuration's Authentication section where the credential of an
 * authenticator is typed: the method's first credential input (a session login's own method's when the
 * login has one), else the Authentication Method selector.
 *
 * @example
 * credentialTarget({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}" }) // { label: "API Key", controlId: "auth-api_token" }
 */
export function credentialTarget(authenticator: unknown): CredentialTarget {
  const method = methodOf(authenticator);
  const input = method?.fields.find((f) => f.kind === "input");
  if (input) return { label: input.label, controlId: `auth-${input.key.join("-")}` };
  if (method?.type === "SessionTokenAuthenticator" && authenticator && typeof authenticator === "object") {
    const login = ((authenticator as { login_requester?: { authenticator?: unknown } }).login_requester ?? {}).authenticator;
    const loginMethod = methodOf(login);
    const loginInput = loginMethod && LOGIN_METHODS.includes(loginMethod) ? loginMethod.fields.find((f) => f.kind === "input") : undefined;
    if (loginInput) return { label: loginInput.label, controlId: `auth-login-${loginInput.key.join("-")}` };
  }
  return { label: "Authentication Method", controlId: "auth-method" };
}
