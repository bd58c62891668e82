import { applyAsyncJobCount } from "./async-job-count.js";
import type { ConcurrencyLevel } from "./concurrency-level.js";
import { cacheParentStreams } from "../shared/parent-stream-cache.js";
import type { StreamGroupAction } from "./block-simultaneous-syncs-action.js";
import {
  SluiceError,
  Type,
  componentSchema,
  defineComponent,
  jsonSchema,
  type BuildContext,
  type ComponentFactory,
  type ConnectionCheck,
  type ConnectorSpec,
  type Source,
  type Stream,
} from "../../sdk/index.js";

/**
 * `DeclarativeSource`: the manifest itself: its streams, spec and connection check.
 *
 * @example
 * version: 6.0.0
 * type: DeclarativeSource
 * check: { type: CheckStream, stream_names: [users] }
 * streams: [...]
 * spec: { type: Spec, connection_specification: { ... } }
 */
export const DeclarativeSourceComponent: ComponentFactory<Source> = defineComponent({
  type: "DeclarativeSource",
  kind: "source",
  description: "A declarative connector",
  examples: [{ version: "6.0.0", check: { type: "CheckStream", stream_names: ["users"] }, streams: ["#/definitions/users_stream"], spec: { type: "Spec", connection_specification: { type: "object", properties: { api_key: { type: "string", airbyte_secret: true } } } } }],
  fieldDefaults: { check: "CheckStream", spec: "Spec", streams: "DeclarativeStream", dynamic_streams: "DynamicDeclarativeStream" },
  schema: Type.Object({
    version: Type.Optional(Type.String()),
    streams: Type.Optional(Type.Array(componentSchema("stream"))),
    dynamic_streams: Type.Optional(Type.Array(componentSchema("dynamic_stream"))),
    check: Type.Optional(componentSchema("check")),
    spec: Type.Optional(componentSchema("spec")),
    definitions: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    schemas: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    metadata: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    description: Type.Optional(Type.String()),
    concurrency_level: Type.Optional(componentSchema("concurrency_level")),
    api_budget: Type.Optional(componentSchema("api_budget")),
    stream_groups: Type.Optional(Type.Record(Type.String(), Type.Object({
      streams: Type.Array(jsonSchema<Record<string, unknown>>({ type: "object" }), { title: "Streams", description: "List of references to streams that belong to this group." }),
      action: componentSchema("stream_group_action"),
    }, { title: "Stream Group", description: "A group of streams that share a common resource and should not be read simultaneously." }), { title: "Stream Groups", description: "Groups of streams that share a common resource and should not be read simultaneously. Each group defines a set of stream references and an action that controls how concurrent reads are managed." })),
    max_concurrent_async_job_count: Type.Optional(jsonSchema<number | string>({ type: ["integer", "string"] })),
    // The kit's two forms of a source: with `streams`, or with only `dynamic_streams`.
  }, { anyOf: [{ required: ["streams"] }, { required: ["dynamic_streams"] }] }),
  async build(def, ctx) {
    applyAsyncJobCount(def.max_concurrent_async_job_count, ctx);
    // A stream that is a parent anywhere reads through the response cache wherever it is read (the kit's use_cache).
    const definitions = cacheParentStreams(def.streams ?? []);
    const streams: Stream[] = [];
    // A ConditionalStreams entry gives its streams (none when its condition does not hold).
    for (const [i, stream] of definitions.entries()) streams.push(...[await ctx.buildChild<Stream | Stream[]>(stream, `streams[${i}]`)].flat());
    // Dynamic streams are made now, for this config (an HttpComponentsResolver lists them from the API).
    for (const [i, dynamic] of (def.dynamic_streams ?? []).entries()) streams.push(...(await ctx.buildChild<Stream[]>(dynamic, `dynamic_streams[${i}]`)));
    if (def.dynamic_streams?.length) refuseDuplicateNames(streams);
    return {
      streams,
      spec: await ctx.build<ConnectorSpec | undefined>("spec"),
      check: await ctx.build<ConnectionCheck | undefined>("check"),
      concurrencyLevel: (await ctx.build<ConcurrencyLevel | undefined>("concurrency_level"))?.level,
      streamGroups: await streamGroups(def.stream_groups, ctx),
    };
  },
});

/** Two streams of one name would make `read --streams x` ambiguous: the kit refuses them too. */
function refuseDuplicateNames(streams: readonly Stream[]): void {
  const seen = new Set<string>();
  for (const stream of streams) {
    if (seen.has(stream.name)) {
      throw new SluiceError("DYNAMIC_STREAM_NAME", `Two streams are called '${stream.name}' (a dynamic stream repeats the name of another stream)`, {
        expected: "unique stream names",
        found: stream.name,
      });
    }
    seen.add(stream.name);
  }
}

/** The `stream_groups` as stream name to group name (a stream named in two groups is in the last, as in the kit). */
async function streamGroups(groups: Record<string, { streams: Record<string, unknown>[]; action: unknown }> | undefined, ctx: BuildContext): Promise<Record<string, string> | undefined> {
  if (!groups) return undefined;
  const byStream: Record<string, string> = {};
  for (const [group, config] of Object.entries(groups)) {
    const action = await ctx.buildChild<StreamGroupAction>(config.action, `stream_groups.${group}.action`);
    if (!action.blockSimultaneousReads) continue;
    for (const stream of config.streams) if (typeof stream.name === "string" && stream.name) byStream[stream.name] = group;
  }
  return byStream;
}
