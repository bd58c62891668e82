import { formsIn } from "../forms/form-registry.js";
import { resolveFields } from "../forms/resolve-fields.js";
import type { AuthField } from "./auth-methods.js";
import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";

/**
 * OAuth 2's declarative variant: the "Declarative OAuth Connector Specification" toggle writes the
 * manifest's `spec.advanced_auth` (the consent the platform, `sluice oauth` and the Builder's Authorize
 * button run), its fields sit under `oauth_connector_input_specification`. The skeleton's outputs land
 * in the user inputs the legacy form reads (client_id, client_secret, client_refresh_token,
 * oauth_access_token, oauth_token_expiry_date), so consent and refresh meet in the testing values.
 *
 * @example
 * const on = setDeclarativeOAuth(model, true);
 * on.valueAt([...INPUT_SPEC, "consent_url"]) // "https://api.example.com/oauth/authorize?{{ client_id_param }}&..."
 */
const ADVANCED_AUTH: readonly Segment[] = ["spec", "advanced_auth"];
export const INPUT_SPEC: readonly Segment[] = [...ADVANCED_AUTH, "oauth_config_specification", "oauth_connector_input_specification"];

/** The consent's fields (builder-ui/forms/auth/declarative-oauth.ts), as drawn. */
export function declarativeFields(): readonly AuthField[] {
  return formsIn("declarative-oauth").flatMap(resolveFields);
}

const out = (path: string) => ({ type: "string", path_in_connector_config: [path] });

/** The `advanced_auth` a fresh toggle writes. */
function declarativeOAuthSkeleton(): Record<string, unknown> {
  return {
    auth_flow_type: "oauth2.0",
    oauth_config_specification: {
      oauth_connector_input_specification: {
        consent_url: "https://api.example.com/oauth/authorize?{{ client_id_param }}&{{ redirect_uri_param }}&{{ state_param }}&response_type=code",
        access_token_url: "https://api.example.com/oauth/token",
        access_token_params: { grant_type: "authorization_code", code: "{{ auth_code_value }}", client_id: "{{ client_id_value }}", client_secret: "{{ client_secret_value }}", redirect_uri: "{{ redirect_uri_value }}" },
        extract_output: ["access_token", "refresh_token", "expires_in"],
      },
      complete_oauth_output_specification: {
        type: "object",
        properties: { access_token: out("oauth_access_token"), refresh_token: out("client_refresh_token"), token_expiry_date: out("oauth_token_expiry_date") },
      },
      complete_oauth_server_input_specification: { type: "object", properties: { client_id: { type: "string" }, client_secret: { type: "string" } } },
      complete_oauth_server_output_specification: { type: "object", properties: { client_id: out("client_id"), client_secret: out("client_secret") } },
    },
  };
}

/** Whether the manifest has the declarative consent. */
export function hasDeclarativeOAuth(model: ManifestModel): boolean {
  return model.kindAt(INPUT_SPEC) !== "absent";
}

/** Turns the declarative variant on (the skeleton, unless one is written) or off (`spec.advanced_auth` removed). */
export function setDeclarativeOAuth(model: ManifestModel, on: boolean): ManifestModel {
  if (!on) return removeKey(model, ADVANCED_AUTH);
  return hasDeclarativeOAuth(model) ? model : writeValue(model, ADVANCED_AUTH, declarativeOAuthSkeleton());
}
