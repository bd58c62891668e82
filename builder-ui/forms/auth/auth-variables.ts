/**
 * The template variables of an authenticator's own values and requests (JWT's headers and payload,
 * OAuth's refresh request, the session login): the config only. They are rendered outside any stream,
 * so a page token, slice or state is never there, as in the kit.
 */
export const AUTH_VARIABLES = ["config"] as const;

/** The template a credential field writes: `{{ config['name'] }}`. */
export const configRef = (name: string) => `{{ config['${name}'] }}`;
