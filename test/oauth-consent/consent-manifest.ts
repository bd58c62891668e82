/** Builds a manifest whose spec declares a consent flow; `input` is merged into oauth_connector_input_specification. */
export function consentManifest(input: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: "6.0.0",
    streams: [],
    spec: {
      type: "Spec",
      connection_specification: { type: "object", properties: {} },
      advanced_auth: {
        auth_flow_type: "oauth2.0",
        predicate_key: ["credentials", "auth_type"],
        predicate_value: "oauth2.0",
        oauth_config_specification: {
          oauth_connector_input_specification: {
            consent_url: "https://provider.example.com/authorize?{{ client_id_param }}&{{ redirect_uri_param }}&{{ scope_param }}&{{ state_param }}",
            access_token_url: "https://provider.example.com/token",
            ...input,
          },
          complete_oauth_output_specification: {
            type: "object",
            properties: {
              access_token: { type: "string", path_in_connector_config: ["credentials", "access_token"] },
              refresh_token: { type: "string", path_in_connector_config: ["credentials", "refresh_token"] },
              token_expiry_date: { type: "string", path_in_connector_config: ["credentials", "token_expiry_date"] },
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
          ...extra,
        },
      },
    },
  };
}

/** A config holding the demo client's credentials where the server output spec says. */
export function consentConfig(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { start_date: "2024-01-01", credentials: { auth_type: "oauth2.0", client_id: "demo-client", client_secret: "demo-secret" }, ...extra };
}
