import { createConsentState, createPkcePair } from "./consent-randomness.js";
import type { ConsentFlowOptions, ConsentRequest } from "./consent-flow-options.js";
import { consentTemplateVariables } from "./consent-template-variables.js";
import { pkceMode } from "./pkce-mode.js";
import { appendQuery, checkRenderedUrl } from "./rendered-url.js";
import { readConsentSpec } from "./read-consent-spec.js";
import { renderConsentTemplate } from "./render-consent-template.js";
import { resolveClientCredentials, resolveUserInputs } from "./resolve-consent-inputs.js";

/**
 * Starts a declarative OAuth consent: reads the manifest's `advanced_auth`, finds the client id and
 * the user inputs in the config, issues a fresh `state` (and a PKCE verifier when the manifest asks
 * for it) and renders `consent_url`. Send the end user to `url`; keep the rest for {@link completeConsent}.
 *
 * @example
 * const request = beginConsent({ manifest, config, redirectUri: "http://127.0.0.1:8765/callback" });
 * console.error(request.url);
 * // https://example.com/authorize?client_id=abc&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&state=KqPzRtw
 */
export function beginConsent(options: ConsentFlowOptions): ConsentRequest {
  const spec = readConsentSpec(options.manifest, options.manifestFile);
  const client = resolveClientCredentials(spec, options.config, options);
  const userInputs = resolveUserInputs(spec, options.config);
  const state = createConsentState(spec.input.state as { min?: number; max?: number } | undefined);
  const mode = pkceMode(spec.input);
  const pkce = mode.enabled ? createPkcePair() : undefined;
  const vars = consentTemplateVariables(spec.input, userInputs, { clientId: client.clientId, redirectUri: options.redirectUri, state, pkce });
  const path = `${spec.inputPath}.consent_url`;
  let url = renderConsentTemplate(spec.input.consent_url as string, vars, path);
  if (pkce && mode.addChallenge) url = appendQuery(url, `code_challenge=${pkce.challenge}&code_challenge_method=S256`);
  checkRenderedUrl(url, path, options.manifestFile);
  return { url, state, redirectUri: options.redirectUri, codeVerifier: pkce?.verifier };
}
