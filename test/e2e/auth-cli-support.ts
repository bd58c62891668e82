export { BIN, runSluice, type CliRun } from "../support/run-sluice.js";

/** A one-stream manifest reading `{"data": [...]}` from `<base_url>/items` with the given authenticator. */
export function authManifest(authenticator: unknown, secretFields: string[], extraProperties: Record<string, unknown> = {}): Record<string, unknown> {
  const properties: Record<string, unknown> = { base_url: { type: "string" }, ...extraProperties };
  for (const name of secretFields) properties[name] = { type: "string", airbyte_secret: true };
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["items"] },
    definitions: { authenticator },
    streams: [
      {
        type: "DeclarativeStream",
        name: "items",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: "{{ config['base_url'] }}", path: "/items", authenticator: "#/definitions/authenticator" },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
        },
        schema_loader: { type: "InlineSchemaLoader", schema: {} },
      },
    ],
    spec: { type: "Spec", connection_specification: { type: "object", properties } },
  };
}

/**
 * An OAuthAuthenticator in single-use refresh-token mode reading `config.credentials.{client_id,
 * client_secret,refresh_token}`; `overrides` replaces any field.
 */
export function rotatingOAuth(tokenUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "OAuthAuthenticator",
    token_refresh_endpoint: tokenUrl,
    client_id: "{{ config['credentials']['client_id'] }}",
    client_secret: "{{ config['credentials']['client_secret'] }}",
    refresh_token: "{{ config['credentials']['refresh_token'] }}",
    refresh_token_updater: {},
    ...overrides,
  };
}
