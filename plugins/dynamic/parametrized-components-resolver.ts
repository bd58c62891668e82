import { ComponentsResolver, Type, loadYaml, componentSchema, defineComponent, type ComponentDefinition, type ComponentFactory } from "../../sdk/index.js";
import { fillTemplate, type ComponentMapping } from "./component-mapping-definition.js";
import { yamlValueOf } from "./config-components-resolver.js";

/**
 * `ParametrizedComponentsResolver`: one dynamic stream per object of `stream_parameters`
 * (`list_of_parameters_for_stream`), each the template with its `components_mapping` filled from that
 * object (`components_values`); a rendered string value is read as YAML, as with
 * `ConfigComponentsResolver`. For APIs whose streams differ by a few listed values (HubSpot's CRM
 * objects).
 *
 * @example
 * dynamic_streams:
 *   - type: DynamicDeclarativeStream
 *     stream_template: "#/definitions/crm_object_stream"
 *     components_resolver:
 *       type: ParametrizedComponentsResolver
 *       stream_parameters:
 *         type: StreamParametersDefinition
 *         list_of_parameters_for_stream:
 *           - { name: contacts, entity: contact }
 *           - { name: companies, entity: company }
 *       components_mapping:
 *         - { type: ComponentMappingDefinition, field_path: [name], value: "{{ components_values.name }}" }
 *         - { type: ComponentMappingDefinition, field_path: [retriever, requester, path], value: "/objects/{{ components_values.entity }}" }
 */
export const ParametrizedComponentsResolverComponent: ComponentFactory<ComponentsResolver> = defineComponent({
  type: "ParametrizedComponentsResolver",
  kind: "components_resolver",
  description: "(This component is experimental. Use at your own risk.) Resolves and populates dynamic streams from defined parametrized values in manifest.",
  fieldDefaults: { stream_parameters: "StreamParametersDefinition", components_mapping: "ComponentMappingDefinition" },
  schema: Type.Object({
    stream_parameters: componentSchema("stream_parameters"),
    components_mapping: Type.Array(componentSchema("component_mapping")),
  }, { title: "Parametrized Components Resolver" }),
  async build(def, ctx) {
    const parameterSets = await ctx.build<readonly Record<string, unknown>[]>("stream_parameters");
    const mappings = await Promise.all(def.components_mapping.map((m, i) => ctx.buildChild<ComponentMapping>(m, `${ctx.path}.components_mapping[${i}]`)));
    const yaml = await loadYaml();
    const yamlValue = (value: unknown) => yamlValueOf(value, yaml.parse);
    return new (class extends ComponentsResolver {
      async *resolve(template: ComponentDefinition): AsyncGenerator<ComponentDefinition> {
        for (const values of parameterSets) yield fillTemplate(template, mappings, { config: ctx.config, components_values: values, stream_template_config: template }, yamlValue);
      }
    })();
  },
});
