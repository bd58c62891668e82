import { SluiceError, Type, componentSchema, defineComponent, type ComponentFactory, type PartitionsOptions, type Stream, type StreamPartitions } from "../../sdk/index.js";

/**
 * `StateDelegatingStream`: one stream read two ways. Without saved state (a first sync, or a reset) it
 * reads `full_refresh_stream` (an API's list endpoint); with state it reads `incremental_stream` (the
 * API's changes/events endpoint), which keeps the state from then on. Discover shows the incremental
 * stream's cursor and schema under this stream's `name`. Modelled on Shopify-style APIs whose "events
 * since" endpoint only covers recent changes.
 *
 * @example
 * streams:
 *   - type: StateDelegatingStream
 *     name: orders
 *     full_refresh_stream: { $ref: "#/definitions/orders_list" }      # GET /orders
 *     incremental_stream: { $ref: "#/definitions/orders_changes" }    # GET /orders/changes?since=...
 */
export const StateDelegatingStreamComponent: ComponentFactory<Stream> = defineComponent({
  type: "StateDelegatingStream",
  kind: "stream",
  description: "Reads a full-refresh stream without state and an incremental one with state",
  fieldDefaults: { full_refresh_stream: "DeclarativeStream", incremental_stream: "DeclarativeStream" },
  schema: Type.Object({
    name: Type.String(),
    full_refresh_stream: componentSchema("stream"),
    incremental_stream: componentSchema("stream"),
    api_retention_period: Type.Optional(Type.String()),
  }),
  async build(def, ctx) {
    const full = await ctx.build<Stream>("full_refresh_stream");
    const incremental = await ctx.build<Stream>("incremental_stream");
    for (const [field, stream] of [["full_refresh_stream", full], ["incremental_stream", incremental]] as const) {
      if (stream.name !== def.name) {
        throw new SluiceError("MANIFEST_INVALID", `${field} of StateDelegatingStream '${def.name}' is called '${stream.name}'`, {
          where: { manifestPath: `${ctx.path}.${field}.name` },
          expected: `the same name as the StateDelegatingStream ('${def.name}')`,
          found: stream.name,
        });
      }
    }
    const hasState = (options: PartitionsOptions) => options.state !== undefined && Object.keys(options.state).length > 0;
    return {
      name: def.name,
      primaryKey: incremental.primaryKey ?? full.primaryKey,
      cursorField: incremental.cursorField,
      jsonSchema: () => incremental.jsonSchema(),
      partitions: (options: PartitionsOptions = {}) => (hasState(options) ? incremental.partitions(options) : fullRefresh(full, options)),
    };
  },
});

/**
 * The full-refresh read; a full-refresh stream without a cursor ends with the kit's final state
 * (`__ab_no_cursor_state_message`), so that the next sync has state and reads the incremental stream.
 * Only a read that finished gets it (`finish()` is not reached by a read that was stopped or failed).
 */
function fullRefresh(stream: Stream, options: PartitionsOptions): StreamPartitions {
  const partitions = stream.partitions(options);
  if (stream.cursorField !== undefined) return partitions;
  return {
    slices: (sliceOptions) => partitions.slices(sliceOptions),
    readSlice: (slice, readOptions) => partitions.readSlice(slice, readOptions),
    closeSlice: (slice) => partitions.closeSlice(slice),
    finish: () => partitions.finish() ?? { __ab_no_cursor_state_message: true },
    // Read when asked: deferred partitions know it only once they are made.
    get maxConcurrentSlices() {
      return partitions.maxConcurrentSlices;
    },
  };
}
