import { Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";

/** The built `ConcurrencyLevel`: how many partitions the kit would read at once. */
export interface ConcurrencyLevel {
  readonly defaultConcurrency: number | string;
  readonly maxConcurrency?: number;
}

/**
 * `ConcurrencyLevel`: the kit's number of partitions read in parallel. Sluice accepts it and reads the
 * streams and slices of one connector one after the other (the records and requests are the same; only
 * the order across partitions can differ), so a manifest that sets it runs unchanged.
 *
 * @example
 * concurrency_level: { type: ConcurrencyLevel, default_concurrency: "{{ config.get('num_workers', 2) }}", max_concurrency: 10 }
 */
export const ConcurrencyLevelComponent: ComponentFactory<ConcurrencyLevel> = defineComponent({
  type: "ConcurrencyLevel",
  kind: "concurrency_level",
  description: "Parallel partitions in the kit (accepted; Sluice reads sequentially)",
  schema: Type.Object({
    default_concurrency: jsonSchema<number | string>({ type: ["integer", "string"] }),
    max_concurrency: Type.Optional(Type.Integer()),
  }),
  build: (def) => ({ defaultConcurrency: def.default_concurrency, maxConcurrency: def.max_concurrency }),
});
