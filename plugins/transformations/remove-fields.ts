import {
  Interpolator,
  Type,
  defineComponent,
  type CompiledTemplate,
  type ComponentFactory,
  type DataRecord,
  type RecordTransformation,
  type StreamSlice,
} from "../../sdk/index.js";
import { deletePath } from "../../python/dpath.js";

/**
 * `RemoveFields`: deletes fields from each record. Each pointer is a path whose segments may be `*`
 * (any key or index) or `**` (any depth); a missing field is no error. With a `condition` (a template
 * over `property`, the field's value), only the matching fields are removed.
 *
 * @example
 * transformations:
 *   - type: RemoveFields
 *     field_pointers:
 *       - [_links]
 *       - ["**", "password_hash"]
 */
export class RemoveFields implements RecordTransformation {
  constructor(
    private readonly pointers: readonly string[][],
    private readonly condition: CompiledTemplate | undefined,
    private readonly scope: { config: Record<string, unknown>; parameters: Record<string, unknown> },
  ) {}

  transform(record: DataRecord, context: { streamSlice?: StreamSlice }): void {
    const slice = context.streamSlice ?? {};
    const condition = this.condition;
    const test = condition ? (property: unknown) => condition.test({ ...this.scope, property, stream_slice: slice }) : undefined;
    for (const pointer of this.pointers) deletePath(record, pointer, test);
  }
}

/** The manifest component; see {@link RemoveFields}. */
export const RemoveFieldsComponent: ComponentFactory<RemoveFields> = defineComponent({
  type: "RemoveFields",
  kind: "transformation",
  description: "Removes fields from each record",
  examples: [{ field_pointers: [["internal_notes"]] }],
  schema: Type.Object({
    field_pointers: Type.Array(Type.Array(Type.String())),
    condition: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const pointers = def.field_pointers.map((p) => p.map(String));
    const condition =
      typeof def.condition === "string" && def.condition !== ""
        ? ctx.get(Interpolator).compile(def.condition, { path: `${ctx.path}.condition`, names: ["property", "stream_slice"] })
        : undefined;
    return new RemoveFields(pointers, condition, { config: ctx.config, parameters: ctx.parameters });
  },
});
