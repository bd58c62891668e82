/**
 * The declarative OAuth consent flow (the platform's `advanced_auth`, reference §6): build the consent
 * URL with a fresh state (and PKCE when asked), complete it from the redirect, and get the values to
 * store in the end user's config. `runLoopbackConsent` runs it all on this machine, as `sluice oauth` does.
 *
 * @example
 * import { beginConsent, completeConsent, applyConsentValues } from "sluice";
 * const request = beginConsent({ manifest, config, redirectUri });
 * // ... the end user consents, the provider redirects to redirectUri?code=...&state=...
 * const result = await completeConsent({ manifest, config, redirectUri, request, query });
 * const updated = applyConsentValues(config, result.values);
 */
export { beginConsent } from "./begin-consent.js";
export { completeConsent, type CompleteConsentOptions, type ConfigValue, type ConsentResult, type RedirectQuery } from "./complete-consent.js";
export { applyConsentValues } from "./apply-consent-values.js";
export { runLoopbackConsent, type LoopbackConsentOptions } from "./run-loopback-consent.js";
export type { ConsentFlowOptions, ConsentRequest } from "./consent-flow-options.js";
export { readConsentSpec, type ConsentSpec, type OAuthSchema, type OAuthSchemaProperty } from "./read-consent-spec.js";
export { renderConsentTemplate, type ConsentTemplateVariables } from "./render-consent-template.js";
export { consentTemplateVariables, type ConsentStepValues } from "./consent-template-variables.js";
export { javaUrlEncode } from "./java-url-encode.js";
export { createConsentState, createPkcePair, pkceChallenge } from "./consent-randomness.js";
export { openBrowser } from "./open-browser.js";
