import { timingSafeEqual } from "node:crypto";
import { AuthenticationError, SluiceError } from "../sdk/errors/index.js";
import { valueAtPath } from "../python/dpath.js";
import { pkceChallenge } from "./consent-randomness.js";
import type { ConsentFlowOptions, ConsentRequest } from "./consent-flow-options.js";
import { consentTemplateVariables } from "./consent-template-variables.js";
import { extractConsentOutput } from "./extract-consent-output.js";
import { pkceMode } from "./pkce-mode.js";
import { readConsentSpec, type ConsentSpec } from "./read-consent-spec.js";
import { resolveClientCredentials, resolveUserInputs } from "./resolve-consent-inputs.js";
import { providerError, sendTokenRequest, type SendTokenOptions } from "./send-token-request.js";
import { buildTokenRequest } from "./token-request.js";

/** The redirect's query: a `URLSearchParams` or a plain object (the first value of a repeated key counts). */
export type RedirectQuery = URLSearchParams | Record<string, string | string[] | undefined>;

/** Options of {@link completeConsent}. */
export interface CompleteConsentOptions extends ConsentFlowOptions, SendTokenOptions {
  /** What {@link beginConsent} issued for this consent. */
  request: Pick<ConsentRequest, "state" | "codeVerifier">;
  /** The query parameters the provider redirected back with. */
  query: RedirectQuery;
  /** Milliseconds since the epoch, for `token_expiry_date` (default `Date.now`). */
  now?: () => number;
}

/** One value to write into the end user's config. */
export interface ConfigValue {
  /** The output or parameter name, e.g. `refresh_token`. */
  name: string;
  /** Where it goes, e.g. `["credentials", "refresh_token"]`. */
  path: string[];
  value: unknown;
}

/** What a completed consent yields. Both hold secrets: store them, never print them. */
export interface ConsentResult {
  /** Everything extracted from the token response (plus `token_expiry_date`). */
  outputs: Record<string, unknown>;
  /** The values to write into the config, at their `path_in_connector_config`. */
  values: ConfigValue[];
}

function first(query: RedirectQuery, key: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(key) ?? undefined;
  const value = query[key];
  return Array.isArray(value) ? value[0] : value;
}

function keysOf(query: RedirectQuery): string {
  const keys = query instanceof URLSearchParams ? [...new Set(query.keys())] : Object.keys(query);
  return keys.length === 0 ? "(none)" : keys.join(", ");
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses a redirect that reports an error, lacks the state or the code, or carries another state. */
function checkRedirect(spec: ConsentSpec, query: RedirectQuery, expectedState: string): string {
  const error = first(query, "error");
  if (error !== undefined) {
    const detail = providerError({ error, error_description: first(query, "error_description") }) ?? error;
    throw error === "access_denied"
      ? new AuthenticationError("OAUTH_ACCESS_DENIED", "The consent was denied: no tokens were issued", { failureType: "config_error", found: detail })
      : new AuthenticationError("OAUTH_PROVIDER_ERROR", "The provider reported an error instead of a code", { failureType: "config_error", found: detail });
  }
  checkState(spec, query, expectedState);
  const codeKey = typeof spec.input.auth_code_key === "string" ? spec.input.auth_code_key : "code";
  const code = first(query, codeKey);
  if (code === undefined || code === "") {
    throw new AuthenticationError("OAUTH_CODE_MISSING", `The redirect carries no '${codeKey}' parameter`, {
      failureType: "config_error", expected: `the authorization code in '${codeKey}'`, found: `the parameters ${keysOf(query)}`,
    });
  }
  return code;
}

function checkState(spec: ConsentSpec, query: RedirectQuery, expectedState: string): void {
  const stateKey = typeof spec.input.state_key === "string" ? spec.input.state_key : "state";
  const state = first(query, stateKey);
  if (state === undefined) {
    throw new AuthenticationError("OAUTH_STATE_MISSING", `The redirect carries no '${stateKey}' parameter`, {
      failureType: "config_error", expected: `the state issued with the consent URL in '${stateKey}'`, found: `the parameters ${keysOf(query)}`,
    });
  }
  if (!sameText(state, expectedState)) {
    throw new AuthenticationError("OAUTH_STATE_MISMATCH", "The redirect's state is not the one issued with this consent; it was refused", {
      failureType: "config_error", expected: "the state issued with the consent URL", found: "a different state (a stale tab, or a forged redirect)",
    });
  }
}

/**
 * Refuses a redirect that is not the answer to this consent: no state, or another state
 * (`OAUTH_STATE_MISSING`, `OAUTH_STATE_MISMATCH`). A callback server checks this first and keeps
 * waiting after such a request, so one forged `/callback` cannot end the flow.
 *
 * @example
 * verifyRedirectState({ manifest, config, request: saved, query: callbackUrl.searchParams }); // throws on a forged state
 */
export function verifyRedirectState(options: Pick<CompleteConsentOptions, "manifest" | "manifestFile" | "request" | "query">): void {
  checkState(readConsentSpec(options.manifest, options.manifestFile), options.query, options.request.state);
}

/** Chooses what to write: the outputs the output spec lists, client credentials given as overrides, the predicate. */
function configValues(spec: ConsentSpec, outputs: Record<string, unknown>, options: CompleteConsentOptions): ConfigValue[] {
  const values: ConfigValue[] = [];
  for (const [name, property] of Object.entries(spec.output.properties ?? {})) {
    if (outputs[name] !== undefined) values.push({ name, path: property.path_in_connector_config ?? [name], value: outputs[name] });
  }
  const given: Record<string, string | undefined> = { client_id: options.clientId, client_secret: options.clientSecret };
  for (const [name, value] of Object.entries(given)) {
    const path = spec.serverOutput?.properties?.[name]?.path_in_connector_config;
    if (value && path && valueAtPath(options.config, path) !== value) values.push({ name, path, value });
  }
  if (spec.predicate && valueAtPath(options.config, spec.predicate.path) === undefined) {
    values.push({ name: "predicate", path: spec.predicate.path, value: spec.predicate.value });
  }
  return values;
}

/**
 * Completes a declarative OAuth consent from the redirect's query: refuses `error=access_denied`
 * and other provider errors with clear messages, verifies that the state is the one issued (the
 * platform only checks it is present), exchanges the code at `access_token_url` (with the PKCE
 * verifier when the consent used one), extracts the outputs and computes `token_expiry_date`.
 * Returns the values to write at their `path_in_connector_config`; see {@link applyConsentValues}.
 *
 * @example
 * const result = await completeConsent({ manifest, config, redirectUri, request: saved, query: callbackUrl.searchParams });
 * const updated = applyConsentValues(config, result.values);
 */
export async function completeConsent(options: CompleteConsentOptions): Promise<ConsentResult> {
  const spec = readConsentSpec(options.manifest, options.manifestFile);
  const code = checkRedirect(spec, options.query, options.request.state);
  const client = resolveClientCredentials(spec, options.config, options);
  const userInputs = resolveUserInputs(spec, options.config);
  const mode = pkceMode(spec.input);
  const verifier = mode.enabled ? options.request.codeVerifier : undefined;
  if (mode.enabled && !verifier) {
    throw new SluiceError("OAUTH_PKCE_VERIFIER_MISSING", "The manifest asks for PKCE but no code verifier was kept from the consent", {
      expected: "request.codeVerifier as beginConsent returned it", found: "nothing",
    });
  }
  const pkce = verifier ? { verifier, challenge: pkceChallenge(verifier) } : undefined;
  const vars = consentTemplateVariables(spec.input, userInputs, {
    clientId: client.clientId, clientSecret: client.clientSecret, redirectUri: options.redirectUri, state: options.request.state, code, pkce,
  });
  const request = buildTokenRequest(spec, vars, mode.addVerifier ? verifier : undefined, options.manifestFile);
  const data = await sendTokenRequest(request, { ...options, secrets: [client.clientSecret, code, verifier, ...(options.secrets ?? [])] });
  let outputs: Record<string, unknown>;
  try {
    outputs = extractConsentOutput(spec, data, (options.now ?? Date.now)());
  } catch (error) {
    const said = providerError(data, [client.clientSecret, code]);
    if (said === undefined || !(error instanceof SluiceError) || error.code !== "OAUTH_OUTPUT_MISSING") throw error;
    throw new AuthenticationError("OAUTH_TOKEN_EXCHANGE_FAILED", "The token endpoint answered with an error instead of tokens", {
      failureType: "config_error", expected: "the tokens", found: said, cause: error,
    });
  }
  return { outputs, values: configValues(spec, outputs, options) };
}
