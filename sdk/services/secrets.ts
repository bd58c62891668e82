import { serviceToken } from "./service-token.js";

/**
 * The set of values that must never be printed. Authenticators add every credential they send or
 * obtain; the logger, error messages and TRACE output redact them.
 *
 * @example
 * ctx.get(Secrets).add(accessToken);
 * ctx.get(Secrets).redact(`token is ${accessToken}`); // "token is ****"
 */
export interface Secrets {
  add(value: unknown): void;
  redact(text: string): string;
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
