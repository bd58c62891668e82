import type { BuildContext, ComponentDefinition } from "../../sdk/index.js";

const NOT_OPTIONS = new Set(["type", "class_name", "$parameters"]);

/**
 * The one options object a custom class is constructed with: the definition's other fields,
 * `config` and `parameters` (the merged `$parameters`). As in the kit, a field holding a component
 * definition (an object with a `type`, or a list of them) is built first, so a custom strategy can
 * take, say, a `RequestOption`.
 *
 * @example
 * # manifest
 * pagination_strategy: { type: CustomPaginationStrategy, class_name: source_acme.components.Steps, step: 2 }
 * // the class receives
 * { step: 2, config: { ... }, parameters: { ... } }
 */
export async function customConstructorOptions(def: ComponentDefinition, ctx: BuildContext): Promise<Record<string, unknown>> {
  const options: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(def)) {
    if (NOT_OPTIONS.has(field)) continue;
    options[field] = await buildNested(value, `${ctx.path}.${field}`, ctx);
  }
  options.config = ctx.config;
  options.parameters = ctx.parameters;
  return options;
}

async function buildNested(value: unknown, path: string, ctx: BuildContext): Promise<unknown> {
  if (isDefinition(value)) return ctx.buildChild(value, path);
  if (Array.isArray(value) && value.length > 0 && value.every(isDefinition)) {
    return Promise.all(value.map((item, index) => ctx.buildChild(item, `${path}[${index}]`)));
  }
  return value;
}

function isDefinition(value: unknown): value is ComponentDefinition {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === "string";
}
