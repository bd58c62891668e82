import {
  Interpolator,
  Type,
  defineComponent,
  type ComponentFactory,
  type DataRecord,
  type RecordFilter,
  type SelectionContext,
} from "../../sdk/index.js";

/**
 * `RecordFilter`: keeps the records whose `condition` holds (`record`, `stream_slice`,
 * `next_page_token`, `config` and `parameters` are in scope; the kit's false-values rule applies).
 *
 * @example
 * record_filter: { type: RecordFilter, condition: "{{ record['status'] != 'archived' }}" }
 */
export const RecordFilterComponent: ComponentFactory<RecordFilter> = defineComponent({
  type: "RecordFilter",
  kind: "record_filter",
  description: "Keeps the records for which a condition holds",
  examples: [{ condition: "{{ record['status'] == 'active' }}" }],
  schema: Type.Object({
    condition: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const condition = ctx.get(Interpolator).compile(String(def.condition ?? ""), {
      path: `${ctx.path}.condition`,
      names: ["record", "stream_slice", "stream_partition", "stream_interval", "next_page_token"],
    });
    const base = { config: ctx.config, parameters: ctx.parameters };
    return {
      keep(record: DataRecord, context: SelectionContext) {
        const slice = context.streamSlice ?? {};
        const token = context.nextPageToken;
        return condition.test({
          ...base,
          record,
          stream_slice: slice,
          stream_partition: slice,
          stream_interval: slice,
          next_page_token: token === undefined || token === null ? null : { next_page_token: token },
        });
      },
    };
  },
});
