import {
  componentField,
  type ComponentFactory,
  type DataRecord,
  type HttpResponse,
  type RecordExtractor,
  type RecordFilter,
  type RecordSelector,
  type SelectionContext,
} from "../../sdk/index.js";

/**
 * `RecordSelector`: extracts a page's records (`extractor`, a `DpathExtractor` by default) and keeps
 * those the `record_filter` accepts. Records are yielded one by one as the page is read.
 *
 * @example
 * record_selector:
 *   type: RecordSelector
 *   extractor: { type: DpathExtractor, field_path: [data] }
 *   record_filter: { condition: "{{ record.active }}" }
 */
export const RecordSelectorComponent: ComponentFactory<RecordSelector> = {
  type: "RecordSelector",
  kind: "record_selector",
  description: "Extracts and filters a page's records",
  fieldDefaults: { extractor: "DpathExtractor", record_filter: "RecordFilter" },
  customFieldTypes: { extractor: "CustomRecordExtractor" },
  schema: {
    type: "object",
    required: ["extractor"],
    properties: {
      extractor: componentField("extractor"),
      record_filter: componentField("record_filter"),
      schema_normalization: { enum: ["Default", "None"] },
      transform_before_filtering: { type: "boolean" },
    },
  },
  async build(_def, ctx) {
    const extractor = await ctx.build<RecordExtractor>("extractor");
    const filter = await ctx.build<RecordFilter | undefined>("record_filter");
    return {
      extractor,
      *select(response: HttpResponse, context: SelectionContext, stats?: { rawCount: number }): Iterable<DataRecord> {
        if (response.ignored) return;
        for (const item of extractor.extract(response)) {
          if (stats) stats.rawCount++;
          if (typeof item !== "object" || item === null || Array.isArray(item)) continue;
          const record = item as DataRecord;
          if (!filter || filter.keep(record, context)) yield record;
        }
      },
    };
  },
};
