import { Interpolator, ManifestError, toNumber, type AttemptOutcome, type BuildContext, type CompiledTemplate } from "../../sdk/index.js";

/**
 * A numeric manifest field that may be a template (`"{{ config['backoff'] }}"`): evaluated once at build
 * time when static (a non-number is a manifest error there), else per use (a non-number is "no value").
 *
 * @example
 * const factor = numericField(ctx, def.factor, "factor", 5);
 * factor(); // 5
 */
export function numericField(ctx: BuildContext, value: unknown, field: string, fallback?: number): () => number | undefined {
  if (value === undefined || value === null || value === "") return () => fallback;
  if (typeof value === "number") return () => value;
  const template: CompiledTemplate = ctx.get(Interpolator).compile(String(value), { path: `${ctx.path}.${field}` });
  const scope = { config: ctx.config, parameters: ctx.parameters };
  const read = () => toNumber(template.eval(scope));
  if (template.isStatic && read() === undefined) {
    throw new ManifestError("MANIFEST_INVALID", `${field} must be a number`, {
      where: { manifestPath: `${ctx.path}.${field}` },
      expected: "a number, or a template that renders one",
      found: JSON.stringify(value),
    });
  }
  return read;
}

