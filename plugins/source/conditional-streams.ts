import { Interpolator, Type, componentSchema, defineComponent, type ComponentFactory, type Stream } from "../../sdk/index.js";

/**
 * `ConditionalStreams`: streams that exist only when `condition` (a template over `config`) holds for
 * the end user's config, as the kit decides it (its InterpolatedBoolean: `False`, `0`, `""`, `[]`, `{}`
 * are false; a missing value rendering `None` is true). When it does not hold, the streams are not in
 * the catalog, and reading them is an unknown stream.
 *
 * @example
 * streams:
 *   - "#/definitions/users_stream"
 *   - type: ConditionalStreams
 *     condition: "{{ config['include_sandbox'] }}"
 *     streams:
 *       - "#/definitions/sandbox_events_stream"
 */
export const ConditionalStreamsComponent: ComponentFactory<Stream[]> = defineComponent({
  type: "ConditionalStreams",
  kind: "stream",
  description: "Streams that are only available while performing a connector operation when the condition is met.",
  examples: [{ condition: "{{ config['is_sandbox'] }}", streams: [] }],
  fieldDefaults: { streams: "DeclarativeStream" },
  schema: Type.Object({
    condition: Type.String({ title: "Condition", description: "Condition that will be evaluated to determine if a set of streams should be available." }),
    streams: Type.Array(componentSchema("stream"), { title: "Streams", description: "Streams that will be used during an operation based on the condition." }),
  }, { title: "Conditional Streams" }),
  async build(def, ctx) {
    const condition = ctx.get(Interpolator).compile(def.condition, { path: `${ctx.path}.condition`, names: [] });
    if (!condition.test({ config: ctx.config, parameters: {} })) return [];
    const streams: Stream[] = [];
    for (const [i, stream] of def.streams.entries()) streams.push(...[await ctx.buildChild<Stream | Stream[]>(stream, `${ctx.path}.streams[${i}]`)].flat());
    return streams;
  },
});
