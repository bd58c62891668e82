import {
  SluiceError,
  Type,
  componentSchema,
  defineComponent,
  type ComponentDefinition,
  type ComponentFactory,
  type ComponentsResolver,
  type Stream,
} from "../../sdk/index.js";

/**
 * `DynamicDeclarativeStream`: streams that are not written in the manifest but made, when the connector
 * is built for a config, from a `stream_template` and a `components_resolver` (an API listing its tables,
 * or entries of the config). Each generated definition gets default types and `$parameters` as a
 * manifest stream does (an ancestor's `$parameters` win over the component's own, the kit's
 * `use_parent_parameters: true`), is validated, and is then an ordinary stream: listed by discover,
 * read by read, checked by check. Names must be strings and unique among all streams.
 *
 * @example
 * dynamic_streams:
 *   - type: DynamicDeclarativeStream
 *     name: tables
 *     stream_template:
 *       type: DeclarativeStream
 *       name: ""
 *       primary_key: [id]
 *       retriever: { $ref: "#/definitions/table_retriever" }
 *       schema_loader: { type: InlineSchemaLoader, schema: { type: object } }
 *     components_resolver:
 *       type: HttpComponentsResolver
 *       retriever: { $ref: "#/definitions/tables_listing" }
 *       components_mapping:
 *         - { type: ComponentMappingDefinition, field_path: [name], value: "{{ components_values.name }}" }
 *         - { type: ComponentMappingDefinition, field_path: [retriever, requester, path], value: "/tables/{{ components_values.id }}/rows" }
 */
export const DynamicDeclarativeStreamComponent: ComponentFactory<Stream[]> = defineComponent({
  type: "DynamicDeclarativeStream",
  kind: "dynamic_stream",
  description: "Streams made from a template, one per component the resolver finds",
  fieldDefaults: { stream_template: "DeclarativeStream" },
  schema: Type.Object({
    name: Type.Optional(Type.String()),
    stream_template: componentSchema("stream"),
    components_resolver: componentSchema("components_resolver"),
    use_parent_parameters: Type.Optional(Type.Boolean()),
  }),
  async build(def, ctx) {
    const resolver = await ctx.build<ComponentsResolver>("components_resolver");
    const template = def.stream_template;
    const streams: Stream[] = [];
    // The name a check's DynamicStreamCheckConfig knows these streams by, as the kit names them.
    const dynamicStreamName = def.name || `dynamic_stream_${/\[(\d+)\]$/.exec(ctx.path)?.[1] ?? 0}`;
    let index = 0;
    for await (const filled of resolver.resolve(template)) {
      const path = `${ctx.path}.stream_template[${index++}]`;
      const name = (filled as { name?: unknown }).name;
      if (typeof name !== "string" || name === "") {
        throw new SluiceError("DYNAMIC_STREAM_NAME", `The dynamic stream made at ${path} has no name`, {
          where: { manifestPath: path },
          expected: "components_mapping to write a non-empty string into the template's name",
          found: JSON.stringify(name ?? null),
        });
      }
      const definition: ComponentDefinition = { ...filled, type: filled.type ?? "DeclarativeStream" };
      const stream = await ctx.buildGenerated<Stream>(definition, path, { kind: "stream", parentParametersWin: def.use_parent_parameters !== false });
      streams.push(Object.assign(stream, { dynamicStreamName }));
    }
    return streams;
  },
});
