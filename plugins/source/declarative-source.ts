import type { ConcurrencyLevel } from "./concurrency-level.js";
import {
  Type,
  componentSchema,
  defineComponent,
  jsonSchema,
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
  fieldDefaults: { check: "CheckStream", spec: "Spec", streams: "DeclarativeStream" },
  schema: Type.Object({
    version: Type.Optional(Type.String()),
    streams: Type.Array(componentSchema("stream")),
    dynamic_streams: Type.Optional(Type.Array(componentSchema("dynamic_stream"))),
    check: Type.Optional(componentSchema("check")),
    spec: Type.Optional(componentSchema("spec")),
    definitions: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    schemas: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    metadata: Type.Optional(jsonSchema<Record<string, unknown>>({ type: "object" })),
    description: Type.Optional(Type.String()),
    concurrency_level: Type.Optional(componentSchema("concurrency_level")),
    api_budget: Type.Optional(componentSchema("api_budget")),
  }),
  async build(def, ctx) {
    const definitions = def.streams ?? [];
    const streams: Stream[] = [];
    for (const [i, stream] of definitions.entries()) streams.push(await ctx.buildChild<Stream>(stream, `streams[${i}]`));
    return {
      streams,
      spec: await ctx.build<ConnectorSpec | undefined>("spec"),
      check: await ctx.build<ConnectionCheck | undefined>("check"),
      concurrencyLevel: (await ctx.build<ConcurrencyLevel | undefined>("concurrency_level"))?.level,
    };
  },
});
