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
