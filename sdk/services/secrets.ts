import { serviceToken } from "./service-token.js";

/**
 * The set of values that must never be printed. Authenticators add every credential they send or
 * obtain; the logger, error messages, TRACE output, test reads and recorded fixtures redact them.
 * A value made for one request (a signature, a per-request token) is added with `{ perRequest: true }`:
 * it is masked like any secret, but only the most recent ones are kept, so a read of a million signed
 * requests does not keep a million signatures. Sluice's HTTP client adds every value an authenticator's
 * `beforeSend` step puts on a request this way, and a custom authenticator's `apply` values too.
 *
 * @example
 * ctx.get(Secrets).add(accessToken);
 * ctx.get(Secrets).add(signature, { perRequest: true });
 * ctx.get(Secrets).redact(`token is ${accessToken}`); // "token is ****"
 */
export interface Secrets {
  add(value: unknown, options?: SecretOptions): void;
  redact(text: string): string;
}

/**
 * How long a secret is remembered: for the whole run (the default), or, with `perRequest`, while it is
 * among the most recent request-time values. A request-time value that is only a number or an ISO 8601
 * date-time (the request's timestamp) is not a credential and is not registered: masking it would mask
 * the same number in every record shown.
 *
 * @example
 * secrets.add(signature, { perRequest: true });
 */
export interface SecretOptions {
  perRequest?: boolean;
}

/** The DI token of the {@link Secrets} registry. */
export const Secrets = serviceToken<Secrets>("sluice.Secrets");

/**
 * A short excerpt of `text` for an error message: the whole text is redacted first and only then
 * cut, so a secret that straddles the cut can never leave its first characters behind; white space
 * runs are collapsed to one space.
 *
 * @example
 * redactedExcerpt(secrets, response.text(), 300); // "{ \"error\": \"bad token ****\" ..."
 */
export function redactedExcerpt(secrets: Secrets, text: string, maxLength = 300): string {
  const whole = secrets.redact(text).replace(/\s+/g, " ").trim();
  return whole.length > maxLength ? `${whole.slice(0, maxLength - 3)}...` : whole;
}
