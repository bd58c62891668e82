import type { ComponentFactory, ConnectorSpec, JsonSchema } from "../../sdk/index.js";

/**
 * `Spec`: the JSON Schema of the end user's config, checked before any request.
 *
 * @example
 * spec:
 *   type: Spec
 *   connection_specification:
 *     type: object
 *     required: [api_key]
 *     properties: { api_key: { type: string, airbyte_secret: true } }
 */
export const SpecComponent: ComponentFactory<ConnectorSpec> = {
  type: "Spec",
  kind: "spec",
  description: "The schema of the end user's config",
  examples: [{ connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } }],
  schema: {
    type: "object",
    required: ["connection_specification"],
    properties: { connection_specification: { type: "object" }, documentation_url: { type: "string" }, advanced_auth: { type: "object" } },
  },
  build: (def) => ({
    connectionSpecification: def.connection_specification as JsonSchema,
    documentationUrl: def.documentation_url as string | undefined,
    advancedAuth: def.advanced_auth as Record<string, unknown> | undefined,
  }),
};
