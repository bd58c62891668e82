import {
  ComponentsResolver,
  loadYaml,
  Type,
  componentSchema,
  defineComponent,
  type ComponentDefinition,
  type ComponentFactory,
} from "../../sdk/index.js";
import { fillTemplate, type ComponentMapping } from "./component-mapping-definition.js";
import type { ConfigEntries } from "./stream-config.js";


type YamlParse = Awaited<ReturnType<typeof loadYaml>>["parse"];

/**
 * `ConfigComponentsResolver`: one dynamic stream per entry of the user's config (custom reports,
 * extra accounts). With several `stream_config`s, one stream per combination of their entries (their
 * mappings merged; an entry that is not a mapping is `components_values.source_config_<i>` as
 * `[index, value]`). A rendered string value is read as YAML (`"[a, b]"` becomes a list, `"10"` a
 * number), except with `value_type: string`. Modelled on Google Analytics' `custom_reports`.
 *
 * Sample config:
 * ```json
 * { "custom_reports": [ { "name": "weekly_sessions", "dimensions": ["date"], "metrics": ["sessions"] } ] }
 * ```
 *
 * @example
 * components_resolver:
 *   type: ConfigComponentsResolver
 *   stream_config: { type: StreamConfig, configs_pointer: [custom_reports] }
 *   components_mapping:
 *     - { type: ComponentMappingDefinition, field_path: [name], value: "{{ components_values.name }}" }
 *     - { type: ComponentMappingDefinition, field_path: [retriever, requester, request_body_json, dimensions], value: "{{ components_values.dimensions }}" }
 */
export const ConfigComponentsResolverComponent: ComponentFactory<ComponentsResolver> = defineComponent({
  type: "ConfigComponentsResolver",
  kind: "components_resolver",
  description: "Makes one dynamic stream per entry of the user's config",
  fieldDefaults: { stream_config: "StreamConfig", components_mapping: "ComponentMappingDefinition" },
  schema: Type.Object({
    stream_config: componentSchema("stream_config"),
    components_mapping: Type.Array(componentSchema("component_mapping")),
  }),
  async build(def, ctx) {
    const sources = Array.isArray(def.stream_config) ? (def.stream_config as unknown[]) : [def.stream_config];
    const configs = await Promise.all(sources.map((s, i) => ctx.buildChild<ConfigEntries>(s, Array.isArray(def.stream_config) ? `${ctx.path}.stream_config[${i}]` : `${ctx.path}.stream_config`)));
    const mappings = await Promise.all(def.components_mapping.map((m, i) => ctx.buildChild<ComponentMapping>(m, `${ctx.path}.components_mapping[${i}]`)));
    const yaml = await loadYaml();
    const yamlValue = (value: unknown) => yamlValueOf(value, yaml.parse);
    return new (class extends ComponentsResolver {
      async *resolve(template: ComponentDefinition): AsyncGenerator<ComponentDefinition> {
        const lists = configs.map((c) => c.entries(ctx.config));
        for (const combination of product(lists)) {
          yield fillTemplate(template, mappings, { config: ctx.config, components_values: merged(combination), stream_template_config: template }, yamlValue);
        }
      }
    })();
  },
});

/** Every combination of one entry from each list, each entry with its index in its list. */
function* product(lists: readonly unknown[][]): Generator<[number, unknown][]> {
  if (lists.length === 0) return;
  const [first, ...rest] = lists;
  for (const [i, entry] of first!.entries()) {
    if (rest.length === 0) yield [[i, entry]];
    else for (const tail of product(rest)) yield [[i, entry], ...tail];
  }
}

/** The kit's merge of one combination: mappings merged, other values kept as `source_config_<i>: [index, value]`. */
function merged(combination: [number, unknown][]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [configIndex, [entryIndex, entry]] of combination.entries()) {
    if (typeof entry === "object" && entry !== null && !Array.isArray(entry)) Object.assign(values, entry);
    else values[`source_config_${configIndex}`] ??= [entryIndex, entry];
  }
  return values;
}

/** A rendered string read as YAML 1.1 (PyYAML's safe_load); text that is not valid YAML stays text. */
export function yamlValueOf(value: unknown, parseYaml: YamlParse): unknown {
  if (typeof value !== "string") return value;
  try {
    return parseYaml(value, { version: "1.1" }) as unknown;
  } catch {
    return value;
  }
}
