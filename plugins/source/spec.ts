import { Type, defineComponent, jsonSchema, type ComponentFactory, type ConnectorSpec } from "../../sdk/index.js";

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
export const SpecComponent: ComponentFactory<ConnectorSpec> = defineComponent({
  type: "Spec",
  kind: "spec",
  description: "The schema of the end user's config",
  examples: [{ connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } }],
  schema: Type.Object({
    connection_specification: jsonSchema<Record<string, unknown>>({ type: "object" }),
    documentation_url: Type.Optional(Type.String()),
    advanced_auth: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
  }),
  build: (def) => ({
    connectionSpecification: def.connection_specification,
    documentationUrl: def.documentation_url,
    advancedAuth: def.advanced_auth,
  }),
});
