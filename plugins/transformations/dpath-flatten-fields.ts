import { defineComponent, Interpolator, Type, type ComponentFactory, type DataRecord, type RecordTransformation } from "../../sdk/index.js";
import { deletePath, valuesAt } from "../../python/dpath.js";

/** What a {@link DpathFlattenFields} does with the object it finds. */
interface DpathFlattenOptions {
  /** Remove the object from where it was (default false). */
  deleteOriginValue?: boolean;
  /** The object becomes the whole record (default false). */
  replaceRecord?: boolean;
  /** Added before / after each of the object's keys. */
  prefix?: string;
  suffix?: string;
}

/**
 * `DpathFlattenFields`: lifts the object at `field_path` (segments are templates over `config`; `*`
 * matches any key, the first match is taken) to the top of the record. Its keys get the
 * `key_transformation`'s `prefix`/`suffix`. With `replace_record`, the (non-empty) object replaces the
 * record; otherwise its keys are added when none of them is already in the record (a conflict leaves
 * the record as it is), and `delete_origin_value` removes the object from where it was. A path that
 * finds no object changes nothing. All as in the kit.
 *
 * Modelled on Airtable's records, `{ "id": "rec1", "createdTime": "...", "fields": { "Name": "Ada" } }`,
 * which become `{ "id": "rec1", "createdTime": "...", "Name": "Ada" }` with `delete_origin_value`.
 *
 * @example
 * transformations:
 *   - type: DpathFlattenFields
 *     field_path: [fields]
 *     delete_origin_value: true
 *     key_transformation: { type: KeyTransformation, prefix: "field_" }
 */
export class DpathFlattenFields implements RecordTransformation {
  constructor(
    private readonly path: readonly string[],
    private readonly options: DpathFlattenOptions = {},
  ) {}

  transform(record: DataRecord): void {
    const found = valuesAt(record, this.path)[0];
    if (typeof found !== "object" || found === null || Array.isArray(found)) return;
    const extracted = this.renamed(found as Record<string, unknown>);
    const keys = Object.keys(extracted);
    if (this.options.replaceRecord && keys.length > 0) {
      for (const key of Object.keys(record)) delete record[key];
      Object.assign(record, extracted);
      return;
    }
    if (keys.some((key) => Object.prototype.hasOwnProperty.call(record, key))) return;
    if (this.options.deleteOriginValue) deletePath(record, this.path);
    Object.assign(record, extracted);
  }

  private renamed(found: Record<string, unknown>): Record<string, unknown> {
    const { prefix, suffix } = this.options;
    if (!prefix && !suffix) return { ...found };
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(found)) result[`${prefix ?? ""}${key}${suffix ?? ""}`] = value;
    return result;
  }
}

/** The manifest component; see {@link DpathFlattenFields}. */
export const DpathFlattenFieldsComponent: ComponentFactory<DpathFlattenFields> = defineComponent({
  type: "DpathFlattenFields",
  kind: "transformation",
  description: "Lifts the object at a path to the top of the record",
  schema: Type.Object({
    field_path: Type.Array(Type.String()),
    delete_origin_value: Type.Optional(Type.Boolean()),
    replace_record: Type.Optional(Type.Boolean()),
    key_transformation: Type.Optional(
      Type.Object(
        { type: Type.Optional(Type.Literal("KeyTransformation")), prefix: Type.Optional(Type.String()), suffix: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const scope = { config: ctx.config, parameters: ctx.parameters };
    const render = (value: string, path: string): string => interpolator.compile(value, { path }).render(scope);
    const path = def.field_path.map((segment, i) => render(segment, `${ctx.path}.field_path[${i}]`));
    const keys = def.key_transformation ?? {};
    return new DpathFlattenFields(path, {
      deleteOriginValue: def.delete_origin_value === true,
      replaceRecord: def.replace_record === true,
      prefix: keys.prefix === undefined ? undefined : render(keys.prefix, `${ctx.path}.key_transformation.prefix`),
      suffix: keys.suffix === undefined ? undefined : render(keys.suffix, `${ctx.path}.key_transformation.suffix`),
    });
  },
});
