import { Interpolator, Type, defineComponent, jsonSchema, type ComponentFactory, type ConnectorConfig } from "../../sdk/index.js";
import { getPath } from "../../python/index.js";

/**
 * The entries of the config one `StreamConfig` points at.
 *
 * @example
 * streamConfig.entries({ custom_reports: [{ name: "weekly" }] }); // [{ name: "weekly" }]
 */
export interface ConfigEntries {
  entries(config: ConnectorConfig): unknown[];
}

/**
 * `StreamConfig`: where a `ConfigComponentsResolver` finds its entries in the config. `configs_pointer`
 * is a path of keys (each may be a template); a list there gives one entry per item, a single value one
 * entry, nothing no entry; `default_values` are appended to what the config holds.
 *
 * @example
 * stream_config:
 *   type: StreamConfig
 *   configs_pointer: [custom_reports]
 *   default_values: [{ name: daily_totals, dimensions: [date] }]
 */
export const StreamConfigComponent: ComponentFactory<ConfigEntries> = defineComponent({
  type: "StreamConfig",
  kind: "stream_config",
  description: "Where a ConfigComponentsResolver finds its entries in the config",
  schema: Type.Object({
    configs_pointer: Type.Array(Type.String()),
    default_values: Type.Optional(jsonSchema<unknown[]>({ type: "array" })),
  }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const pointer = def.configs_pointer.map((key, i) => interpolator.compile(key, { path: `${ctx.path}.configs_pointer[${i}]` }));
    const defaults = def.default_values ?? [];
    return {
      entries(config) {
        const path = pointer.map((key) => key.render({ config, parameters: ctx.parameters }));
        const found = getPath(config, path);
        const value = found.found ? found.value : [];
        return [...(Array.isArray(value) ? value : [value]), ...defaults];
      },
    };
  },
});
