import type { CompiledTemplate, CompiledValue } from "../../sdk/index.js";
import { literalEval } from "../../python/literal-eval.js";
import { toPlain, typeName } from "../../python/values.js";

/** An added field's `value_type` (the kit's JSON-schema type name) as the Python type names it accepts. */
export const VALUE_TYPES = { string: ["str"], number: ["float"], integer: ["int"], boolean: ["bool"] } as const;

/**
 * The kit's `InterpolatedString.eval` with `valid_types`: the rendered text's literal value when its type
 * is accepted, else the text; an empty render is `""`; an undefined value used further throws. Without
 * valid types, the template's own value. Used by `AddFields` and `ConfigAddFields`.
 *
 * @example
 * interpolatedString(interpolator.compile("{{ 2 * 2 }}", site), ["int"]).eval({}); // 4
 */
export function interpolatedString(template: CompiledTemplate, validTypes: readonly string[] | undefined): CompiledValue {
  if (!validTypes) return { eval: (context) => template.eval(context) };
  return {
    eval: (context) => {
      const text = template.render(context);
      if (text === "") return "";
      const value = literalEval(text);
      return validTypes.includes(typeName(value)) ? toPlain(value) : text;
    },
  };
}
