import { defineForm, type FieldOverlay } from "../form-declaration.js";
import { AUTH_VARIABLES, configRef } from "./auth-variables.js";

/**
 * OAuth 2, legacy (`OAuthAuthenticator`): refresh token or client credentials. The section adds the
 * Refresh Token Updater toggle ({@link UPDATER_FIELDS}) and the declarative consent (declarative-oauth.ts).
 */
export const oauth = defineForm({
  type: "OAuthAuthenticator",
  section: "authentication",
  label: "OAuth 2",
  fields: [
    { key: ["client_id"], label: "Client ID", input: { name: "client_id", title: "Client ID", secret: false, required: true }, hint: "Not a secret: shown as typed." },
    { key: ["client_secret"], label: "Client Secret", input: { name: "client_secret", title: "Client Secret", secret: true, required: true } },
    { key: ["refresh_token"], label: "Refresh Token", input: { name: "client_refresh_token", title: "Refresh Token", secret: true, required: false }, hint: "Used when the Grant Type is refresh_token." },
    { key: ["grant_type"], label: "Grant Type", control: "select", options: ["refresh_token", "client_credentials"], placeholder: "refresh_token" },
    { key: ["token_refresh_endpoint"], label: "Token Refresh Endpoint", required: true, hint: "The URL the tokens are refreshed at, e.g. https://api.example.com/oauth/token" },
    { key: ["scopes"], label: "Scopes", hint: "Space-separated; a list in the manifest." },
    { key: ["access_token_name"], label: "Access Token Property Name", placeholder: "access_token" },
    { key: ["expires_in_name"], label: "Token Expiry Property Name", placeholder: "expires_in" },
    { key: ["token_expiry_date_format"], label: "Token Expiry Date Format", hint: "Give it when the response holds a date-time, not seconds, e.g. %Y-%m-%dT%H:%M:%SZ." },
    { key: ["client_id_name"], label: "Client ID Property Name", placeholder: "client_id" },
    { key: ["client_secret_name"], label: "Client Secret Property Name", placeholder: "client_secret" },
    { key: ["refresh_token_name"], label: "Refresh Token Property Name", placeholder: "refresh_token" },
    { key: ["grant_type_name"], label: "Grant Type Property Name", placeholder: "grant_type" },
    // Extra fields of the refresh request (sent form-encoded with the grant) and its headers: templates reading config.
    { key: ["refresh_request_body"], label: "Refresh Request Body", noun: "body property", variables: AUTH_VARIABLES },
    { key: ["refresh_request_headers"], label: "Refresh Request Headers", noun: "header", variables: AUTH_VARIABLES },
  ],
  template: () => ({ type: "OAuthAuthenticator", client_id: configRef("client_id"), client_secret: configRef("client_secret"), refresh_token: configRef("client_refresh_token"), token_refresh_endpoint: "https://api.example.com/oauth/token", grant_type: "refresh_token" }),
});

/**
 * The legacy fields still shown while the declarative consent is on (it fills the refresh token and
 * the access token; the refresh still needs the client and its endpoint); the others fold away.
 */
export const DECLARATIVE_OAUTH_SHOWN: readonly string[] = ["client_id", "client_secret", "token_refresh_endpoint", "scopes"];

/** The fields the Refresh Token Updater adds (the updater's writes land in these inputs). */
export const UPDATER_FIELDS: readonly FieldOverlay[] = [
  { key: ["access_token_value"], label: "Access Token Value", input: { name: "oauth_access_token", title: "Access Token", secret: true, required: false }, hint: "The initial access token; the updater writes each new one here." },
  { key: ["token_expiry_date"], label: "Token Expiry Date", input: { name: "oauth_token_expiry_date", title: "Token Expiry Date", secret: false, required: false }, hint: "When the initial access token expires (a date-time, e.g. 2026-01-01T00:00:00Z)." },
];

/** The updater a toggle turns on: it writes the rotated tokens back to the inputs the form made. */
export function refreshTokenUpdater(refreshInput: string): Record<string, unknown> {
  return { refresh_token_name: "refresh_token", refresh_token_config_path: [refreshInput], access_token_config_path: ["oauth_access_token"], token_expiry_date_config_path: ["oauth_token_expiry_date"] };
}
