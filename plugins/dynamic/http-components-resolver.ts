import {
  readRetriever,
  ComponentsResolver,
  Type,
  componentSchema,
  defineComponent,
  type ComponentDefinition,
  type ComponentFactory,
  type Retriever,
  type StreamSlice,
} from "../../sdk/index.js";
import { fillTemplate, type ComponentMapping } from "./component-mapping-definition.js";

/**
 * `HttpComponentsResolver`: one dynamic stream per record an API lists. The retriever reads the list
 * (through its own partition router and paginator, like any stream); each record is `components_values`
 * and its slice `stream_slice` in the `components_mapping` templates. Modelled on Airtable's
 * `GET /v0/meta/bases/{base_id}/tables`, where every table of every base becomes a stream.
 *
 * Sample response of the listing request:
 * ```json
 * { "tables": [ { "id": "tblA1", "name": "Orders", "fields": [{ "name": "Total", "type": "number" }] } ] }
 * ```
 *
 * @example
 * components_resolver:
 *   type: HttpComponentsResolver
 *   retriever:
 *     type: SimpleRetriever
 *     requester: { $ref: "#/definitions/requester", path: "/v0/meta/bases/{{ stream_partition.base_id }}/tables" }
 *     record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [tables] } }
 *     partition_router: { type: ListPartitionRouter, values: "{{ config.base_ids }}", cursor_field: base_id }
 *   components_mapping:
 *     - { type: ComponentMappingDefinition, field_path: [name], value: "{{ components_values.name | lower }}" }
 *     - { type: ComponentMappingDefinition, field_path: [retriever, requester, path], value: "/v0/{{ stream_slice.base_id }}/{{ components_values.id }}" }
 */
export const HttpComponentsResolverComponent: ComponentFactory<ComponentsResolver> = defineComponent({
  type: "HttpComponentsResolver",
  kind: "components_resolver",
  description: "Makes one dynamic stream per record an API lists",
  fieldDefaults: { retriever: "SimpleRetriever", components_mapping: "ComponentMappingDefinition" },
  customFieldTypes: { retriever: "CustomRetriever" },
  schema: Type.Object({
    retriever: componentSchema("retriever"),
    components_mapping: Type.Array(componentSchema("component_mapping")),
  }),
  async build(def, ctx) {
    const retriever = await ctx.build<Retriever>("retriever");
    const mappings = await Promise.all(def.components_mapping.map((m, i) => ctx.buildChild<ComponentMapping>(m, `${ctx.path}.components_mapping[${i}]`)));
    const streamName = ctx.stream ?? String(ctx.parameters.name ?? "components_resolver");
    return new (class extends ComponentsResolver {
      async *resolve(template: ComponentDefinition, signal?: AbortSignal): AsyncGenerator<ComponentDefinition> {
        const current: { slice: StreamSlice } = { slice: {} };
        const options = { signal, onSlice: (slice: StreamSlice) => void (current.slice = slice) };
        for await (const record of readRetriever({ stream: streamName, retriever, slicer: retriever.partitionRouter }, options)) {
          yield fillTemplate(template, mappings, { config: ctx.config, components_values: record, stream_slice: current.slice, stream_partition: current.slice, stream_template_config: template });
        }
      }
    })();
  },
});
