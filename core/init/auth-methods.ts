/** The authentication methods `sluice init` scaffolds. */
export const AUTH_METHODS = ["bearer", "basic", "api-key", "oauth", "session", "jwt", "none"] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** One config field the spec asks for. */
export interface CredentialField {
  name: string;
  title: string;
  description: string;
  secret: boolean;
  /** What `secrets/config.json` holds until the author fills it in. */
  placeholder: string;
}

/** What an authentication method adds to a scaffolded connector. */
export interface AuthScaffold {
  /** One line for the prompt and the README. */
  summary: string;
  /** The authenticator definition (`definitions.authenticator`), or none. */
  authenticator?: Record<string, unknown>;
  /** Exactly the credentials the method needs. */
  fields: CredentialField[];
}

const secret = (name: string, title: string, description: string): CredentialField => ({ name, title, description, secret: true, placeholder: `<${name}>` });
const plain = (name: string, title: string, description: string): CredentialField => ({ name, title, description, secret: false, placeholder: `<${name}>` });
const config = (name: string) => `{{ config['${name}'] }}`;

/**
 * The authenticator and the spec fields of each method `sluice init --auth` offers, modelled on how
 * real APIs ask for them. `url` is the API's base URL (token and login endpoints are placed under it).
 *
 * @example
 * authScaffold("bearer", "https://api.example.com").authenticator
 * // { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" }
 */
export function authScaffold(method: AuthMethod, url: string): AuthScaffold {
  switch (method) {
    case "bearer":
      return {
        summary: "Bearer token: Authorization: Bearer <api_key> (GitHub, Stripe)",
        authenticator: { type: "BearerAuthenticator", api_token: config("api_key") },
        fields: [secret("api_key", "API key", "The API key, sent as a Bearer token")],
      };
    case "basic":
      return {
        summary: "HTTP Basic: username and password (Jira, Zendesk)",
        authenticator: { type: "BasicHttpAuthenticator", username: config("username"), password: config("password") },
        fields: [plain("username", "Username", "The account's username or email"), secret("password", "Password", "The password or API token")],
      };
    case "api-key":
      return {
        summary: "API key in a header: X-Api-Key: <api_key> (SendGrid, many internal APIs)",
        authenticator: { type: "ApiKeyAuthenticator", api_token: config("api_key"), inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } },
        fields: [secret("api_key", "API key", "The API key, sent in the X-Api-Key header")],
      };
    case "oauth":
      return {
        summary: "OAuth 2.0 refresh token: a fresh access token from a token endpoint (Google, Salesforce)",
        authenticator: {
          type: "OAuthAuthenticator",
          token_refresh_endpoint: `${url.replace(/\/+$/, "")}/oauth/token`,
          client_id: config("client_id"),
          client_secret: config("client_secret"),
          refresh_token: config("refresh_token"),
          // Rotation handled by default: a new refresh token in the answer is saved before use (Xero, QuickBooks,
          // Zoho spend each one); for an API that keeps its token this only caches the access token.
          refresh_token_updater: {
            refresh_token_config_path: ["refresh_token"],
            access_token_config_path: ["access_token"],
            token_expiry_date_config_path: ["token_expiry_date"],
          },
        },
        fields: [
          plain("client_id", "Client ID", "The OAuth app's client ID"),
          secret("client_secret", "Client secret", "The OAuth app's client secret"),
          secret("refresh_token", "Refresh token", "A refresh token granted to the app (`sluice oauth` can obtain one)"),
        ],
      };
    case "session":
      return {
        summary: "Session token: log in with username and password, send the session token (Metabase, Dremio)",
        authenticator: {
          type: "SessionTokenAuthenticator",
          login_requester: {
            type: "HttpRequester",
            url_base: url,
            path: "/session",
            http_method: "POST",
            request_body_json: { username: config("username"), password: config("password") },
          },
          session_token_path: ["token"],
          expiration_duration: "PT1H",
          request_authentication: { type: "Bearer" },
        },
        fields: [plain("username", "Username", "The account's username"), secret("password", "Password", "The account's password")],
      };
    case "jwt":
      return {
        summary: "JWT: a token signed with a shared secret, HS256 (Zoom server-to-server, internal APIs)",
        authenticator: { type: "JwtAuthenticator", secret_key: config("secret_key"), algorithm: "HS256", token_duration: 1200, header_prefix: "Bearer", jwt_payload: { iss: "sluice" } },
        fields: [secret("secret_key", "Signing secret", "The shared secret the JWT is signed with")],
      };
    case "none":
      return { summary: "No authentication (public APIs)", fields: [] };
  }
}
