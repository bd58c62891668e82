/**
 * A connector for the demo API's authorization server: a `me` stream on `/authz/userinfo` behind an
 * `OAuthAuthenticator` that refreshes with what the consent wrote, and `advanced_auth` for the consent.
 */
export function demoOAuthManifest(input: Record<string, unknown> = {}, outputs?: Record<string, unknown>): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["me"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "me",
        primary_key: "sub",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        retriever: {
          type: "SimpleRetriever",
          requester: {
            type: "HttpRequester",
            url_base: "{{ config['base_url'] }}",
            path: "/authz/userinfo",
            http_method: "GET",
            authenticator: {
              type: "OAuthAuthenticator",
              token_refresh_endpoint: "{{ config['base_url'] }}/authz/refresh",
              client_id: "{{ config['credentials']['client_id'] }}",
              client_secret: "{{ config['credentials']['client_secret'] }}",
              refresh_token: "{{ config['credentials']['refresh_token'] }}",
            },
          },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
        },
      },
    ],
    spec: {
      type: "Spec",
      connection_specification: {
        type: "object",
        required: ["base_url", "credentials"],
        properties: {
          base_url: { type: "string" },
          credentials: {
            type: "object",
            properties: {
              auth_type: { type: "string", const: "oauth2.0" },
              client_id: { type: "string", airbyte_secret: true },
              client_secret: { type: "string", airbyte_secret: true },
              access_token: { type: "string", airbyte_secret: true },
              refresh_token: { type: "string", airbyte_secret: true },
              token_expiry_date: { type: "string" },
            },
          },
        },
      },
      advanced_auth: {
        auth_flow_type: "oauth2.0",
        predicate_key: ["credentials", "auth_type"],
        predicate_value: "oauth2.0",
        oauth_config_specification: {
          oauth_user_input_from_connector_config_specification: {
            type: "object",
            properties: { base_url: { type: "string", path_in_connector_config: ["base_url"] } },
          },
          oauth_connector_input_specification: {
            consent_url: "{{ base_url }}/authz/authorize?response_type=code&{{ client_id_param }}&{{ redirect_uri_param }}&{{ scope_param }}&{{ state_param }}",
            access_token_url: "{{ base_url }}/authz/token",
            scopes: [{ scope: "read" }, { scope: "write" }],
            access_token_params: {
              grant_type: "authorization_code",
              code: "{{ auth_code_value }}",
              client_id: "{{ client_id_value }}",
              client_secret: "{{ client_secret_value }}",
              redirect_uri: "{{ redirect_uri_value }}",
            },
            extract_output: ["access_token", "refresh_token", "expires_in", "scope"],
            ...input,
          },
          complete_oauth_output_specification: {
            type: "object",
            properties: outputs ?? {
              access_token: { type: "string", path_in_connector_config: ["credentials", "access_token"] },
              refresh_token: { type: "string", path_in_connector_config: ["credentials", "refresh_token"] },
              token_expiry_date: { type: "string", path_in_connector_config: ["credentials", "token_expiry_date"] },
              scope: { type: "string", path_in_connector_config: ["credentials", "granted_scope"] },
            },
          },
          complete_oauth_server_input_specification: {
            type: "object",
            properties: { client_id: { type: "string" }, client_secret: { type: "string" } },
          },
          complete_oauth_server_output_specification: {
            type: "object",
            properties: {
              client_id: { type: "string", path_in_connector_config: ["credentials", "client_id"] },
              client_secret: { type: "string", path_in_connector_config: ["credentials", "client_secret"] },
            },
          },
        },
      },
    },
  };
}
