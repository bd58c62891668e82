import { Interpolator, Type, defineComponent, jsonSchema, type ComponentFactory, type HttpResponse, type RecordExtractor, type SelectionContext, thenMaybe } from "../../sdk/index.js";
import { valuesAt } from "../../python/dpath.js";

/**
 * `RecordExpander` (on a `DpathExtractor`): each extracted record becomes the items of the list at
 * `expand_records_from_field` (a path over the record; `*` matches every key or index, and the items of
 * every list matched are emitted). With `remain_original_record: true` each item carries the whole
 * parent under `original_record` (a non-object item becomes `{value, original_record}`). When nothing is
 * expanded (the path is missing, not a list, or an empty list), `on_no_records: skip` (default) emits
 * nothing and `emit_parent` the parent as it is. Modelled on Stripe's invoices, whose `lines.data`
 * holds the invoice lines.
 *
 * @example
 * extractor:
 *   type: DpathExtractor
 *   field_path: [data]
 *   record_expander:
 *     type: RecordExpander
 *     expand_records_from_field: [lines, data]
 *     remain_original_record: true
 * # {"data": [{"id": "in_1", "lines": {"data": [{"id": "il_1"}, {"id": "il_2"}]}}]}
 * # gives {"id": "il_1", "original_record": {"id": "in_1", ...}} and {"id": "il_2", ...}
 */
export class RecordExpander {
  constructor(private readonly options: { path: readonly string[]; remainOriginalRecord: boolean; emitParent: boolean }) {}

  /** The extractor whose records are expanded by this expander. */
  around(extractor: RecordExtractor): RecordExtractor {
    return { extract: (response: HttpResponse, context?: SelectionContext) => thenMaybe(extractor.extract(response, context), (records) => this.expandAll(records)) };
  }

  private *expandAll(records: Iterable<unknown>): Generator<unknown> {
    for (const record of records) yield* this.expand(record);
  }

  /** The records one extracted record expands to. */
  *expand(record: unknown): Generator<unknown> {
    if (typeof record !== "object" || record === null || Array.isArray(record) || this.options.path.length === 0) {
      yield record;
      return;
    }
    let expanded = false;
    for (const found of valuesAt(record, this.options.path)) {
      if (!Array.isArray(found)) continue;
      for (const item of found) {
        expanded = true;
        if (typeof item === "object" && item !== null && !Array.isArray(item)) {
          yield this.options.remainOriginalRecord ? { ...item, original_record: structuredClone(record) } : { ...item };
        } else {
          yield this.options.remainOriginalRecord ? { value: item, original_record: structuredClone(record) } : item;
        }
      }
    }
    if (!expanded && this.options.emitParent) yield record;
  }
}

/** The manifest component; see {@link RecordExpander}. */
export const RecordExpanderComponent: ComponentFactory<RecordExpander> = defineComponent({
  type: "RecordExpander",
  kind: "record_expander",
  description: "Expands records by extracting items from a nested array field. When configured, this component extracts items from a specified nested array path within each record and emits each item as a separate record. Optionally, the original parent record can be embedded in each expanded item for context preservation. Supports wildcards (*) for matching multiple arrays.",
  examples: [{ expand_records_from_field: ["lines", "data"], remain_original_record: true }],
  schema: Type.Object({
    expand_records_from_field: Type.Array(Type.String(), { title: "Expand Records From Field", description: "Path to a nested array field within each record. Items from this array will be extracted and emitted as separate records. Supports wildcards (*) for matching multiple arrays." }),
    remain_original_record: Type.Optional(Type.Boolean({ title: "Remain Original Record", description: "If true, each expanded record will include the original parent record in an \"original_record\" field. Defaults to false.", default: false })),
    on_no_records: Type.Optional(jsonSchema<"skip" | "emit_parent">({ enum: ["skip", "emit_parent"], title: "On No Records", description: "Behavior when the expansion path is missing, not a list, or an empty list. \"skip\" (default) emits nothing. \"emit_parent\" emits the original parent record unchanged.", default: "skip" })),
  }, { title: "Record Expander" }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const path = def.expand_records_from_field.map((segment, i) => interpolator.compile(String(segment), { path: `${ctx.path}.expand_records_from_field[${i}]` }).render(scope));
    return new RecordExpander({ path, remainOriginalRecord: def.remain_original_record === true, emitParent: def.on_no_records === "emit_parent" });
  },
});
