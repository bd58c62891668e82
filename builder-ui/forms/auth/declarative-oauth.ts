import { defineForm } from "../form-declaration.js";

/**
 * OAuth 2's declarative consent: the fields of `spec.advanced_auth.oauth_config_specification.
 * oauth_connector_input_specification` (no registered component: every control is named here).
 */
export const declarativeOAuth = defineForm({
  type: "OAuthConnectorInputSpecification",
  section: "declarative-oauth",
  label: "Declarative OAuth",
  fields: [
    { key: ["consent_url"], label: "Consent URL", required: true, hint: "A template with {{client_id_value}}, {{redirect_uri_value}}, {{scope_value}}, {{state_value}} (or the *_param forms)." },
    { key: ["access_token_url"], label: "Access Token URL", required: true },
    { key: ["access_token_headers"], label: "Access Token Headers", control: "json" },
    { key: ["access_token_params"], label: "Access Token Query Params (Json Encoded)", control: "json" },
    { key: ["state"], label: "Configurable State Query Param", control: "json", hint: 'e.g. {"min": 7, "max": 27}' },
    { key: ["client_id_key"], label: "Client ID Key Override", placeholder: "client_id" },
    { key: ["client_secret_key"], label: "Client Secret Key Override", placeholder: "client_secret" },
    { key: ["scope_key"], label: "Scopes Key Override", placeholder: "scope" },
    { key: ["state_key"], label: "State Key Override", placeholder: "state" },
    { key: ["auth_code_key"], label: "Auth Code Key Override", placeholder: "code" },
    { key: ["redirect_uri_key"], label: "Redirect URI Key Override", placeholder: "redirect_uri" },
  ],
});
