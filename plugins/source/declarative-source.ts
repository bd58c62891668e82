import { componentField, type ComponentFactory, type ConnectionCheck, type ConnectorSpec, type Source, type Stream } from "../../sdk/index.js";

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
export const DeclarativeSourceComponent: ComponentFactory<Source> = {
  type: "DeclarativeSource",
  kind: "source",
  description: "A declarative connector",
  examples: [{ version: "6.0.0", check: { type: "CheckStream", stream_names: ["users"] }, streams: ["#/definitions/users_stream"], spec: { type: "Spec", connection_specification: { type: "object", properties: { api_key: { type: "string", airbyte_secret: true } } } } }],
  fieldDefaults: { check: "CheckStream", spec: "Spec", streams: "DeclarativeStream" },
  schema: {
    type: "object",
    required: ["streams"],
    properties: {
      version: { type: "string" },
      streams: { type: "array", items: componentField("stream") },
      dynamic_streams: { type: "array", items: componentField("dynamic_stream") },
      check: componentField("check"),
      spec: componentField("spec"),
      definitions: { type: "object" },
      schemas: { type: "object" },
      metadata: { type: "object" },
      description: { type: "string" },
      concurrency_level: componentField("concurrency_level"),
      api_budget: componentField("api_budget"),
    },
  },
  async build(def, ctx) {
    const definitions = (def.streams as unknown[] | undefined) ?? [];
    const streams: Stream[] = [];
    for (const [i, stream] of definitions.entries()) streams.push(await ctx.buildChild<Stream>(stream, `streams[${i}]`));
    return {
      streams,
      spec: await ctx.build<ConnectorSpec | undefined>("spec"),
      check: await ctx.build<ConnectionCheck | undefined>("check"),
    };
  },
};
