import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";

/** A built `DynamicStreamCheckConfig`: which dynamic definition's streams a check reads, and how many. */
export interface DynamicStreamCheck {
  readonly dynamicStreamName: string;
  /** Undefined: every stream the definition made. */
  readonly streamCount?: number;
}

/**
 * `DynamicStreamCheckConfig` (a `CheckStream`'s `dynamic_streams_check_configs`): the check also reads
 * the first page of the first `stream_count` streams (all, without it) made by the `DynamicDeclarativeStream`
 * named `dynamic_stream_name`, as the kit does.
 *
 * @example
 * check:
 *   type: CheckStream
 *   stream_names: [bases]
 *   dynamic_streams_check_configs:
 *     - { type: DynamicStreamCheckConfig, dynamic_stream_name: airtable_tables, stream_count: 1 }
 */
export const DynamicStreamCheckConfigComponent: ComponentFactory<DynamicStreamCheck> = defineComponent({
  type: "DynamicStreamCheckConfig",
  kind: "dynamic_stream_check",
  description: "Which dynamic streams a check reads: the streams made by the DynamicDeclarativeStream of this name, the first stream_count of them.",
  examples: [{ dynamic_stream_name: "tables", stream_count: 1 }],
  schema: Type.Object({
    dynamic_stream_name: Type.String({ title: "Dynamic Stream Name", description: "The dynamic stream name." }),
    stream_count: Type.Optional(Type.Integer({ minimum: 1, title: "Stream Count", description: "The number of streams to attempt reading from during a check operation. If unset, all generated streams are checked." })),
  }),
  build: (def) => ({ dynamicStreamName: def.dynamic_stream_name, streamCount: def.stream_count }),
});
