import { Type, defineComponent, jsonSchema, type ComponentFactory, type DataRecord } from "../../sdk/index.js";

/**
 * A built record merge strategy: the key under which records of different property chunks are merged.
 *
 * @example
 * strategy.keyOf({ id: 42, name: "Ada" }); // "42"
 */
export interface RecordMergeStrategy {
  keyOf(record: DataRecord): string | undefined;
}

/**
 * `GroupByKeyMergeStrategy`: records of the different property chunks of one slice are the same record
 * when they have the same `key` value (or values, joined with commas); a record missing a key value (or
 * with an empty one) is not merged but delivered as it is.
 *
 * @example
 * record_merge_strategy:
 *   type: GroupByKeyMergeStrategy
 *   key: [id]
 */
export const GroupByKeyMergeStrategyComponent: ComponentFactory<RecordMergeStrategy> = defineComponent({
  type: "GroupByKeyMergeStrategy",
  kind: "record_merge_strategy",
  description: "Merges the records of property chunks by a key",
  schema: Type.Object({ key: jsonSchema<string | string[]>({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] }) }),
  build(def) {
    const keys = typeof def.key === "string" ? [def.key] : def.key;
    return {
      keyOf(record) {
        const values: string[] = [];
        for (const key of keys) {
          const value = record[key];
          if (value === undefined || value === null || value === "" || value === false || value === 0) return undefined;
          values.push(String(value));
        }
        return values.join(",");
      },
    };
  },
});
