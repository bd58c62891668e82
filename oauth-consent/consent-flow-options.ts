import type { ConnectorConfig } from "../sdk/services/config-store.js";

/**
 * What both halves of the consent flow need: the connector's manifest (its `spec.advanced_auth`),
 * the end user's config (client credentials and user inputs are read from it), and the redirect URI
 * registered with the provider.
 *
 * @example
 * const options: ConsentFlowOptions = {
 *   manifest: YAML.parse(await readFile("manifest.yaml", "utf8")),
 *   config: JSON.parse(await readFile("secrets/config.json", "utf8")),
 *   redirectUri: "https://my-host.example.com/oauth/callback",
 * };
 */
export interface ConsentFlowOptions {
  manifest: unknown;
  config: ConnectorConfig;
  redirectUri: string;
  /** Overrides the client id found in the config. */
  clientId?: string;
  /** Overrides the client secret found in the config. */
  clientSecret?: string;
  /** The manifest's file name, for error messages. */
  manifestFile?: string;
}

/**
 * One consent in progress, as {@link beginConsent} returns it. A host keeps `state`, `redirectUri` and
 * `codeVerifier` server-side (they are never shown to anyone but the provider) until the redirect comes back.
 *
 * @example
 * const request = beginConsent(options);
 * session.oauth = { state: request.state, codeVerifier: request.codeVerifier, redirectUri: request.redirectUri };
 * response.redirect(request.url);
 */
export interface ConsentRequest {
  /** The provider's consent page, to open in the end user's browser. */
  readonly url: string;
  /** The state issued with this consent; the redirect must bring it back unchanged. */
  readonly state: string;
  readonly redirectUri: string;
  /** The PKCE verifier, when the manifest asks for PKCE. Secret until the exchange. */
  readonly codeVerifier?: string;
}
