import { defineComponent, Type, type ComponentFactory, type DataRecord, type RecordTransformation } from "../../sdk/index.js";

/**
 * `FlattenFields`: turns a nested record into one level. A nested value keeps its own key when that is
 * free, and is named by its path joined with `.` when the key is taken; list items are named
 * `<list key>.<index>` (unless `flatten_lists: false`, default true, which keeps lists as they are).
 * Once a list was flattened, every key read after it is named by its full path, and empty objects and
 * lists disappear: all as the kit does, key order included (the kit walks the record with a stack, so
 * later keys come first).
 *
 * Modelled on APIs with nested objects, e.g. `{ "id": 1, "address": { "city": "Paris" }, "tags": ["a", "b"] }`
 * becomes `{ "tags.1": "b", "tags.0": "a", "address.city": "Paris", "id": 1 }` (after a list every key is a full path).
 *
 * @example
 * transformations:
 *   - type: FlattenFields
 *     flatten_lists: false
 */
export class FlattenFields implements RecordTransformation {
  constructor(private readonly flattenLists = true) {}

  transform(record: DataRecord): void {
    const flat = this.flatten(record);
    for (const key of Object.keys(record)) delete record[key];
    Object.assign(record, flat);
  }

  private flatten(record: DataRecord): Record<string, unknown> {
    const stack: Array<[unknown, string]> = [[record, "_"]];
    const flat: Record<string, unknown> = {};
    let withParentName = false;
    while (stack.length > 0) {
      const [value, parentKey] = stack.pop()!;
      if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        for (const [key, child] of Object.entries(value)) {
          stack.push([child, Object.prototype.hasOwnProperty.call(flat, key) || withParentName ? `${parentKey}.${key}` : key]);
        }
      } else if (Array.isArray(value) && this.flattenLists) {
        value.forEach((item, i) => {
          withParentName = true;
          stack.push([item, `${parentKey}.${i}`]);
        });
      } else {
        flat[parentKey] = value;
      }
    }
    return flat;
  }
}

/** The manifest component; see {@link FlattenFields}. */
export const FlattenFieldsComponent: ComponentFactory<FlattenFields> = defineComponent({
  type: "FlattenFields",
  kind: "transformation",
  description: "Flattens a nested record into one level",
  schema: Type.Object({ flatten_lists: Type.Optional(Type.Boolean()) }),
  build: (def) => new FlattenFields(def.flatten_lists !== false),
});
