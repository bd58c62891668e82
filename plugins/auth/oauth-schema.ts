import { Type, componentSchema, jsonSchema, type Definition } from "../../sdk/index.js";

const text = () => Type.Optional(Type.String());

/** The `refresh_token_error_*` fields, allowed on the authenticator and (deprecated) on its updater. */
const refreshErrorFields = {
  refresh_token_error_status_codes: Type.Optional(Type.Array(Type.Integer())),
  refresh_token_error_key: text(),
  refresh_token_error_values: Type.Optional(Type.Array(Type.String())),
};

/**
 * The definition of an `OAuthAuthenticator`, as the kit's schema has it.
 *
 * @example
 * authenticator:
 *   type: OAuthAuthenticator
 *   token_refresh_endpoint: https://oauth2.googleapis.com/token
 *   client_id: "{{ config['client_id'] }}"
 *   client_secret: "{{ config['client_secret'] }}"
 *   refresh_token: "{{ config['refresh_token'] }}"
 */
export const OAuthSchema = Type.Object({
  type: Type.Optional(Type.Literal("OAuthAuthenticator")),
  client_id_name: text(),
  client_id: text(),
  client_secret_name: text(),
  client_secret: text(),
  refresh_token_name: text(),
  refresh_token: text(),
  token_refresh_endpoint: text(),
  access_token_name: text(),
  access_token_value: text(),
  expires_in_name: text(),
  grant_type_name: text(),
  grant_type: text(),
  token_expiry_date: text(),
  token_expiry_date_format: text(),
  refresh_request_body: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  refresh_request_headers: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  send_refresh_request_as_query_params: Type.Optional(Type.Boolean()),
  scopes: Type.Optional(Type.Array(Type.String())),
  ...refreshErrorFields,
  refresh_token_updater: Type.Optional(
    Type.Object({
      refresh_token_name: text(),
      access_token_config_path: Type.Optional(Type.Array(Type.String())),
      refresh_token_config_path: Type.Optional(Type.Array(Type.String())),
      token_expiry_date_config_path: Type.Optional(Type.Array(Type.String())),
      ...refreshErrorFields,
    }),
  ),
  profile_assertion: Type.Optional(componentSchema("authenticator")),
  use_profile_assertion: Type.Optional(Type.Boolean()),
});

/** A resolved `OAuthAuthenticator` definition, typed from {@link OAuthSchema}. */
export type OAuthDefinition = Definition<typeof OAuthSchema>;
