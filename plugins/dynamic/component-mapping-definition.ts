import { Interpolator, SluiceError, Type, defineComponent, jsonSchema, type ComponentFactory, type CompiledTemplate, type CompiledValue, type TemplateContext } from "../../sdk/index.js";
import { setPath, updatePath } from "../../python/index.js";

/** The names a mapping's templates see, besides `config` and `parameters`. */
const MAPPING_NAMES = ["components_values", "stream_slice", "stream_partition", "stream_template_config"] as const;

/** The kit's `value_type`s and the Python types a rendered value must have to keep its literal form. */
const VALUE_TYPES = { string: "str", number: "float", integer: "int", boolean: "bool" } as const;

/**
 * One value written into a stream template: the field at `path` gets `value` (rendered with
 * `components_values`, `stream_slice` and `config`). A field absent from the template is left alone
 * unless `create_or_update` is true.
 *
 * @example
 * const mapping = await ctx.buildChild<ComponentMapping>(def, `${ctx.path}.components_mapping[0]`);
 * mapping.apply(template, { config, components_values: { id: "tbl1", name: "Orders" } });
 */
export interface ComponentMapping {
  /** Writes the value into `target` (a copy of the template) when the condition holds. */
  apply(target: Record<string, unknown>, context: TemplateContext, parse?: (value: unknown) => unknown): void;
}

/**
 * `ComponentMappingDefinition`: where a resolver writes one value into each dynamic stream's template.
 * `field_path` items and `value` are templates over `components_values` (the API record or config entry),
 * `stream_slice` (HttpComponentsResolver) and `config`; `value_type` keeps the rendered text when the
 * literal value has another type (`"007"` stays a string with `value_type: string`); `condition` skips
 * the mapping for entries it is false for; `create_or_update: true` creates a field the template lacks.
 *
 * @example
 * components_mapping:
 *   - type: ComponentMappingDefinition
 *     field_path: [name]
 *     value: "{{ components_values.name | lower }}"
 *   - type: ComponentMappingDefinition
 *     field_path: [retriever, requester, path]
 *     value: "/v0/{{ stream_slice.base_id }}/{{ components_values.id }}"
 *   - type: ComponentMappingDefinition
 *     field_path: [primary_key]
 *     value: "{{ components_values.key }}"
 *     create_or_update: true
 */
export const ComponentMappingDefinitionComponent: ComponentFactory<ComponentMapping> = defineComponent({
  type: "ComponentMappingDefinition",
  kind: "component_mapping",
  description: "Writes one value into each dynamic stream's template",
  schema: Type.Object({
    field_path: Type.Array(Type.Union([Type.String(), Type.Integer()]), { minItems: 1 }),
    value: Type.String(),
    value_type: Type.Optional(jsonSchema<keyof typeof VALUE_TYPES>({ enum: Object.keys(VALUE_TYPES) })),
    create_or_update: Type.Optional(Type.Boolean()),
    condition: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const names = [...MAPPING_NAMES];
    const path: CompiledTemplate[] = def.field_path.map((segment, i) => interpolator.compile(String(segment), { path: `${ctx.path}.field_path[${i}]`, names }));
    const site = { path: `${ctx.path}.value`, names };
    const value: CompiledValue = def.value_type
      ? interpolator.compileNested(def.value, site, { validTypes: [VALUE_TYPES[def.value_type]] })
      : interpolator.compile(def.value, site);
    const condition = def.condition ? interpolator.compile(def.condition, { path: `${ctx.path}.condition`, names }) : undefined;
    const keepsText = def.value_type === "string";
    const createMissing = def.create_or_update === true;
    return {
      apply(target, context, parse) {
        const scope = { parameters: ctx.parameters, ...context };
        if (condition && !condition.test(scope)) return;
        const keys = path.map((segment) => segment.render(scope));
        if (keys.some((key) => key === "")) {
          throw new SluiceError("DYNAMIC_MAPPING_INVALID", `A field_path segment of ${ctx.path} rendered to an empty key`, { expected: "non-empty keys", found: JSON.stringify(keys) });
        }
        const rendered = value.eval(scope);
        const written = parse && !(keepsText && typeof rendered === "string") ? parse(rendered) : rendered;
        if (!updatePath(target, keys, written) && createMissing && written) setPath(target, keys, written);
      },
    };
  },
});

/**
 * A filled-in copy of a stream template: every mapping applied, in order, to a deep copy.
 *
 * @example
 * yield fillTemplate(template, mappings, { config, components_values: record, stream_template_config: template });
 */
export function fillTemplate<T extends Record<string, unknown>>(template: T, mappings: readonly ComponentMapping[], context: TemplateContext, parse?: (value: unknown) => unknown): T {
  const filled = structuredClone(template);
  for (const mapping of mappings) mapping.apply(filled, context, parse);
  return filled;
}
