import { Type, componentSchema, defineComponent, jsonSchema, type ComponentFactory, type ConnectorSpec } from "../../sdk/index.js";

/**
 * `Spec`: the JSON Schema of the end user's config, checked before any request; its
 * `config_normalization_rules` (see ConfigNormalizationRules) are applied to the config first.
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
  fieldDefaults: { config_normalization_rules: "ConfigNormalizationRules" },
  examples: [{ connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } }],
  schema: Type.Object({
    connection_specification: jsonSchema<Record<string, unknown>>({ type: "object" }),
    documentation_url: Type.Optional(Type.String()),
    advanced_auth: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    config_normalization_rules: Type.Optional(componentSchema("config_normalization_rules")),
  }),
  build: (def) => ({
    connectionSpecification: def.connection_specification,
    documentationUrl: def.documentation_url,
    advancedAuth: def.advanced_auth,
  }),
});
