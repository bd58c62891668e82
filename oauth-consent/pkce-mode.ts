const PKCE_VARIABLE = /\b(code_challenge_value|code_verifier_value|code_challenge_param|code_verifier_param|code_challenge_method_value)\b/;

function templatesOf(input: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of ["consent_url", "access_token_url"]) if (typeof input[field] === "string") out.push(input[field] as string);
  for (const field of ["access_token_params", "access_token_headers"]) {
    const value = input[field];
    if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(k, String(v));
  }
  return out;
}

/**
 * How a manifest asks for standard PKCE (RFC 7636, S256). Two ways, both Sluice extensions:
 * - `pkce: true` in `oauth_connector_input_specification`: Sluice adds `code_challenge` and
 *   `code_challenge_method=S256` to the consent URL and `code_verifier` to the token request, unless
 *   a template already places them;
 * - a template that uses `{{ code_challenge_value }}`, `{{ code_verifier_value }}` or their `_param`
 *   forms: PKCE is on and the manifest places every value itself.
 * `{{ state_value | codechallengeS256 }}` is not PKCE: it keeps the platform's output for manifests relying on it.
 *
 * @example
 * oauth_connector_input_specification:
 *   pkce: true
 *   consent_url: "https://example.com/authorize?{{ client_id_param }}&{{ redirect_uri_param }}&{{ state_param }}"
 */
interface PkceMode {
  enabled: boolean;
  /** Whether the consent URL must get `code_challenge` added (no template places it). */
  addChallenge: boolean;
  /** Whether the token request must get `code_verifier` added (no template places it). */
  addVerifier: boolean;
}

/** Decides the {@link PkceMode} of a checked `oauth_connector_input_specification`. */
export function pkceMode(input: Record<string, unknown>): PkceMode {
  const placed = (template: string, name: string): boolean => new RegExp(`\\b${name}_(value|param)\\b`).test(template);
  const referenced = templatesOf(input).some((t) => PKCE_VARIABLE.test(t));
  const enabled = input.pkce === true || referenced;
  if (!enabled) return { enabled, addChallenge: false, addVerifier: false };
  const consent = String(input.consent_url);
  const exchange = templatesOf({ ...input, consent_url: undefined });
  return {
    enabled,
    addChallenge: input.pkce === true && !placed(consent, "code_challenge"),
    addVerifier: input.pkce === true && !exchange.some((t) => placed(t, "code_verifier")),
  };
}
