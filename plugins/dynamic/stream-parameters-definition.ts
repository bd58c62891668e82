import { Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";

/**
 * `StreamParametersDefinition`: the listed parameter sets of a `ParametrizedComponentsResolver`, one
 * object per stream to make (each is `components_values` in the resolver's mappings).
 *
 * @example
 * stream_parameters:
 *   type: StreamParametersDefinition
 *   list_of_parameters_for_stream:
 *     - { name: contacts, path: /crm/v3/objects/contacts }
 *     - { name: companies, path: /crm/v3/objects/companies }
 */
export const StreamParametersDefinitionComponent: ComponentFactory<readonly Record<string, unknown>[]> = defineComponent({
  type: "StreamParametersDefinition",
  kind: "stream_parameters",
  description: "(This component is experimental. Use at your own risk.) Represents a stream parameters definition to set up dynamic streams from defined values in manifest.",
  examples: [{ list_of_parameters_for_stream: [{ name: "contacts", path: "/contacts" }] }],
  schema: Type.Object({
    list_of_parameters_for_stream: Type.Array(jsonSchema<Record<string, unknown>>({ type: "object" }), { title: "Stream Parameters", description: "A list of object of parameters for stream, each object in the list represents params for one stream." }),
  }, { title: "Stream Parameters Definition" }),
  build: (def) => def.list_of_parameters_for_stream,
});
