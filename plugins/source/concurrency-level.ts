import { ConfigError, Interpolator, ManifestError, Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";

/** The built `ConcurrencyLevel`: how many slices (partitions, date windows, streams) Sluice reads at once. */
export interface ConcurrencyLevel {
  /** `default_concurrency`, evaluated with the config and clamped to `max_concurrency` (at least 1). */
  readonly level: number;
  readonly maxConcurrency?: number;
}

/**
 * `ConcurrencyLevel`: how many slices of the connector's streams (partitions, date windows, whole
 * streams) are read at once, and so the most requests in flight. `default_concurrency` is an integer
 * or a template over the config; the result is clamped to `max_concurrency`. As in the kit, a template
 * that reads the config needs `max_concurrency`, the safeguard against a user-chosen value too high
 * for the API. The host (`readAll({ concurrency })`) and the CLI (`--concurrency N`) override it.
 * Without it, Sluice reads with 2 (see docs/concurrency.md).
 *
 * @example
 * concurrency_level: { type: ConcurrencyLevel, default_concurrency: "{{ config.get('num_workers', 3) }}", max_concurrency: 20 }
 */
export const ConcurrencyLevelComponent: ComponentFactory<ConcurrencyLevel> = defineComponent({
  type: "ConcurrencyLevel",
  kind: "concurrency_level",
  description: "How many slices are read at once",
  schema: Type.Object({
    default_concurrency: jsonSchema<number | string>({ type: ["integer", "string"] }),
    max_concurrency: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  build(def, ctx) {
    const raw = def.default_concurrency;
    const max = def.max_concurrency;
    const path = `${ctx.path}.default_concurrency`;
    if (typeof raw === "string" && raw.includes("config") && max === undefined) {
      throw new ManifestError("CONCURRENCY_LEVEL_INVALID", "A default_concurrency that reads the config needs max_concurrency", {
        where: { manifestPath: `${ctx.path}.max_concurrency` },
        expected: "max_concurrency: the most the end user may ask for",
        found: "no max_concurrency",
      });
    }
    const value = typeof raw === "number" ? raw : ctx.get(Interpolator).compile(raw, { path }).eval({ config: ctx.config, parameters: ctx.parameters });
    if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
      throw new ConfigError("CONCURRENCY_LEVEL_INVALID", "default_concurrency did not evaluate to a positive integer", {
        where: { manifestPath: path },
        expected: "an integer of at least 1",
        found: JSON.stringify(value) ?? String(value),
      });
    }
    return { level: max === undefined ? value : Math.min(value, max), maxConcurrency: max };
  },
});
