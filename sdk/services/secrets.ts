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
