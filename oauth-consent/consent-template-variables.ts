import type { ConsentTemplateVariables } from "./render-consent-template.js";
import { javaUrlEncode } from "./java-url-encode.js";

/** The values known at one step of the flow (the consent URL knows no secret and no code). */
export interface ConsentStepValues {
  clientId: string;
  redirectUri: string;
  state?: string;
  clientSecret?: string;
  code?: string;
  /** The PKCE verifier and its S256 challenge, when the flow uses PKCE. */
  pkce?: { verifier: string; challenge: string };
}

const KEY_DEFAULTS: Readonly<Record<string, string>> = {
  auth_code_key: "code",
  client_id_key: "client_id",
  client_secret_key: "client_secret",
  redirect_uri_key: "redirect_uri",
  scope_key: "scope",
  state_key: "state",
};

const SEPARATORS: Readonly<Record<string, string>> = { space: " ", comma: ",", plus: "+" };
const NOT_VARIABLES = new Set(["scopes", "optional_scopes", "scopes_join_strategy"]);

/** Jackson's `asText()`: text as is, numbers and booleans as text, null as "null", objects and lists as "". */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  return "";
}

function joinScopes(list: unknown, separator: string): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const scopes = list.map((s) => (s as { scope?: unknown }).scope).filter((s): s is string => typeof s === "string" && s !== "");
  return scopes.length > 0 ? scopes.join(separator) : undefined;
}

/** A `key=value` pair as the platform's Kotlin string template makes it (a missing value is the text `null`). */
function param(key: string | undefined, value: string | undefined, encode: boolean): string {
  const shown = value === undefined ? "null" : encode ? javaUrlEncode(value) : value;
  return `${key}=${shown}`;
}

/**
 * Builds the variables of the OAuth templates as the platform's `DeclarativeOAuthSpecHandler` does
 * (reference §6.4): the key names (`client_id_key`, ... with their defaults), every field of the
 * user's inputs merged with the spec (the spec wins), the joined `scopes`, the step's values stored
 * under the names the keys hold, then `*_param` (`client_id=abc`; `redirect_uri` and `scope`
 * URL-encoded) and `*_value`. With PKCE: `code_verifier_value`, `code_challenge_value`,
 * `code_challenge_method_value` (`S256`), `code_challenge_param` and `code_verifier_param`.
 *
 * @example
 * consentTemplateVariables({ scopes: [{ scope: "read" }, { scope: "write" }] }, {},
 *   { clientId: "abc", redirectUri: "http://127.0.0.1:8765/callback", state: "xyz" });
 * // { client_id_key: "client_id", client_id: "abc", client_id_value: "abc", client_id_param: "client_id=abc",
 * //   scope: "read write", scope_param: "scope=read+write", state_value: "xyz", ... }
 */
export function consentTemplateVariables(input: Record<string, unknown>, userInputs: Record<string, unknown>, step: ConsentStepValues): ConsentTemplateVariables {
  const merged = { ...userInputs, ...input };
  const vars: ConsentTemplateVariables = {};
  for (const [key, fallback] of Object.entries(KEY_DEFAULTS)) vars[key] = merged[key] === undefined ? fallback : asText(merged[key]);
  for (const [key, value] of Object.entries(merged)) if (!NOT_VARIABLES.has(key)) vars[key] = asText(value);
  const separator = SEPARATORS[String(merged.scopes_join_strategy ?? "space")] ?? " ";
  const scopes = joinScopes(merged.scopes, separator);
  if (scopes !== undefined) vars[vars.scope_key!] = scopes;
  const optional = joinScopes(merged.optional_scopes, separator);

  vars[vars.client_id_key!] = step.clientId;
  vars[vars.redirect_uri_key!] = step.redirectUri;
  if (step.state !== undefined) vars[vars.state_key!] = step.state;
  if (step.clientSecret !== undefined) vars[vars.client_secret_key!] = step.clientSecret;
  if (step.code !== undefined) vars[vars.auth_code_key!] = step.code;

  const valueOf = (keyVar: string): string | undefined => vars[vars[keyVar]!];
  vars.client_id_param = param(vars.client_id_key, valueOf("client_id_key"), false);
  vars.client_secret_param = param(vars.client_secret_key, valueOf("client_secret_key"), false);
  vars.auth_code_param = param(vars.auth_code_key, valueOf("auth_code_key"), false);
  vars.state_param = param(vars.state_key, valueOf("state_key"), false);
  vars.redirect_uri_param = param(vars.redirect_uri_key, valueOf("redirect_uri_key"), true);
  vars.scope_param = param(vars.scope_key, valueOf("scope_key"), true);
  vars.client_id_value = valueOf("client_id_key");
  vars.client_secret_value = valueOf("client_secret_key");
  vars.auth_code_value = valueOf("auth_code_key");
  vars.state_value = valueOf("state_key");
  vars.redirect_uri_value = valueOf("redirect_uri_key");
  vars.scope_value = valueOf("scope_key");
  vars.scopes_param = vars.scope_param;
  vars.scopes_value = vars.scope_value;
  if (optional !== undefined) {
    vars.optional_scopes = optional;
    vars.optional_scopes_param = `optional_scopes=${javaUrlEncode(optional)}`;
    vars.optional_scopes_value = optional;
  }
  if (step.pkce) {
    vars.code_verifier_value = step.pkce.verifier;
    vars.code_challenge_value = step.pkce.challenge;
    vars.code_challenge_method_value = "S256";
    vars.code_challenge_param = `code_challenge=${step.pkce.challenge}&code_challenge_method=S256`;
    vars.code_verifier_param = `code_verifier=${step.pkce.verifier}`;
  }
  return vars;
}
