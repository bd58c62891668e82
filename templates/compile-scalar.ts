/**
 * Helpers for manifest fields that hold either a plain value or a template, such as
 * `page_size: 100` or `page_size: "{{ config['page_size'] }}"`, and `stop_condition: true`.
 */
import type { CompiledValue, Interpolator, TemplateContext, TemplateSite } from "../sdk/services/interpolator.js";

/**
 * Compiles a field that may be a number, boolean, null or template string. Strings get the kit's
 * InterpolatedString semantics (`"100"` and `"{{ 100 }}"` both give 100); other values are returned as is.
 *
 * @example
 * const pageSize = compileScalar(interpolator, def.page_size, { path: `${path}.page_size` });
 * pageSize.eval({ config, parameters }); // 100 for `page_size: 100` or `page_size: "{{ config['size'] }}"` with size 100
 */
export function compileScalar(interpolator: Interpolator, value: unknown, site: TemplateSite): CompiledValue {
  if (typeof value === "string") {
    const template = interpolator.compile(value, site);
    return { eval: (context: TemplateContext) => template.eval(context) };
  }
  return { eval: () => value };
}

/**
 * Compiles a condition that may be a boolean or a template string, with the kit's false-values rule
 * (a boolean is returned as is, as InterpolatedBoolean does).
 *
 * @example
 * const stop = compileCondition(interpolator, def.stop_condition, { path, names: ["response", "headers", "last_record", "last_page_size"] });
 * if (stop.test({ config, parameters, response })) return undefined;
 */
export function compileCondition(interpolator: Interpolator, value: unknown, site: TemplateSite): { test(context: TemplateContext): boolean } {
  if (typeof value === "boolean") return { test: () => value };
  const template = interpolator.compile(String(value), site);
  return { test: (context: TemplateContext) => template.test(context) };
}
