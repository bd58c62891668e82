import {
  Interpolator,
  ManifestError,
  Type,
  defineComponent,
  jsonSchema,
  type CompiledTemplate,
  type CompiledValue,
  type ComponentFactory,
  type DataRecord,
  type RecordTransformation,
  type StreamSlice,
} from "../../sdk/index.js";
import { setPath } from "../../python/dpath.js";
import { VALUE_TYPES, interpolatedString } from "../shared/interpolated-string.js";

const NAMES = ["record", "stream_slice", "stream_partition", "stream_interval"] as const;

interface ParsedField {
  path: string[];
  value: CompiledValue;
}

/**
 * `AddFields`: adds (or overwrites) fields of each record, with values that may be templates over
 * `record`, `stream_slice`, `config` and `parameters`. `value_type` (string, number, integer, boolean)
 * keeps a value as text when the rendered literal is of another type, as the kit does. With a
 * `condition` (which also sees `value` and `path`), a field is added only where it holds.
 *
 * A string value is the kit's `InterpolatedString`: a missing key renders empty, so
 * `"{{ record['attributes']['started_at'] }}"` with no `started_at` adds `""`; using a missing value
 * further (`"{{ record['scheduler']['email'] }}"` with no `scheduler`) is Jinja's UndefinedError, which
 * fails the stream (`TEMPLATE_UNDEFINED_VALUE`), as in the kit. A mapping or list value (a Sluice
 * extension) keeps the nested rules: an empty or undefined leaf gives null.
 *
 * @example
 * transformations:
 *   - type: AddFields
 *     fields:
 *       - path: [shop_id]
 *         value: "{{ config['shop_id'] }}"
 *       - path: [meta, board_id]
 *         value: "{{ stream_slice.board_id }}"
 */
export class AddFields implements RecordTransformation {
  constructor(
    private readonly fields: readonly ParsedField[],
    private readonly condition: CompiledTemplate | undefined,
    private readonly scope: { config: Record<string, unknown>; parameters: Record<string, unknown> },
  ) {}

  transform(record: DataRecord, context: { streamSlice?: StreamSlice }): void {
    const slice = context.streamSlice ?? {};
    const names = { ...this.scope, record, stream_slice: slice, stream_partition: slice, stream_interval: slice };
    for (const field of this.fields) {
      const value = field.value.eval(names);
      if (!this.condition || this.condition.test({ ...names, value, path: field.path })) setPath(record, field.path, value);
    }
  }
}

/** The manifest component; see {@link AddFields}. */
export const AddFieldsComponent: ComponentFactory<AddFields> = defineComponent({
  type: "AddFields",
  kind: "transformation",
  description: "Adds fields to each record",
  examples: [{ fields: [{ path: ["source"], value: "api" }] }],
  schema: Type.Object({
    fields: Type.Array(Type.Object({
      path: Type.Array(Type.String()),
      value: Type.Unknown(),
      value_type: Type.Optional(jsonSchema<keyof typeof VALUE_TYPES>({ enum: Object.keys(VALUE_TYPES) })),
    })),
    condition: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const fields = def.fields.map((field, i): ParsedField => {
      const path = field.path.map(String);
      const where = `${ctx.path}.fields[${i}]`;
      if (path.length === 0) {
        throw new ManifestError("MANIFEST_INVALID", "An AddFields field needs a non-empty path", { where: { manifestPath: `${where}.path` }, expected: "a list of keys, e.g. [meta, source]", found: "[]" });
      }
      const validTypes = VALUE_TYPES[field.value_type as keyof typeof VALUE_TYPES];
      const site = { path: `${where}.value`, names: NAMES };
      if (typeof field.value === "string") return { path, value: interpolatedString(interpolator.compile(field.value, site), validTypes) };
      const value = interpolator.compileNested(field.value, site, validTypes ? { validTypes } : undefined);
      return { path, value };
    });
    const condition = typeof def.condition === "string" && def.condition !== "" ? interpolator.compile(def.condition, { path: `${ctx.path}.condition`, names: [...NAMES, "value", "path"] }) : undefined;
    return new AddFields(fields, condition, { config: ctx.config, parameters: ctx.parameters });
  },
});
