import {
  defineComponent,
  Interpolator,
  Type,
  type CompiledTemplate,
  type ComponentFactory,
  type DataRecord,
  type RecordTransformation,
  type StreamSlice,
} from "../../sdk/index.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * `KeysReplace`: replaces every occurrence of `old` with `new` in every key, in nested objects too
 * (not inside lists), as in the kit. Both are templates over `config`, `record` and `stream_slice`.
 *
 * Modelled on Airtable, whose field names are the column titles users typed:
 * `{ "Created time": ..., "Customer ID": ... }` becomes `{ "Created_time": ..., "Customer_ID": ... }`.
 *
 * @example
 * transformations:
 *   - type: KeysReplace
 *     old: " "
 *     new: "_"
 */
export class KeysReplace implements RecordTransformation {
  constructor(
    private readonly from: CompiledTemplate,
    private readonly to: CompiledTemplate,
    private readonly scope: { config: Record<string, unknown>; parameters: Record<string, unknown> },
  ) {}

  transform(record: DataRecord, context: { streamSlice?: StreamSlice }): void {
    const names = { ...this.scope, record, stream_slice: context.streamSlice ?? {}, stream_state: {} };
    const from = this.from.render(names);
    const to = this.to.render(names);
    const transformed = replaceKeys(record, from, to);
    for (const key of Object.keys(record)) delete record[key];
    Object.assign(record, transformed);
  }
}

function replaceKeys(node: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Python's str.replace("", x) inserts x between every character; split/join does the same.
    const renamed = key.split(from).join(to);
    result[from === "" ? `${to}${renamed}${key === "" ? "" : to}` : renamed] = isJsonObject(value) ? replaceKeys(value, from, to) : value;
  }
  return result;
}

/** The manifest component; see {@link KeysReplace}. */
export const KeysReplaceComponent: ComponentFactory<KeysReplace> = defineComponent({
  type: "KeysReplace",
  kind: "transformation",
  description: "Replaces a text in every key",
  schema: Type.Object({ old: Type.String(), new: Type.String() }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const names = ["record", "stream_slice", "stream_state"];
    const from = interpolator.compile(def.old, { path: `${ctx.path}.old`, names });
    const to = interpolator.compile(def.new, { path: `${ctx.path}.new`, names });
    return new KeysReplace(from, to, { config: ctx.config, parameters: ctx.parameters });
  },
});
