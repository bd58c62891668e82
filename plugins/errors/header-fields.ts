import { Interpolator, type BuildContext } from "../../sdk/index.js";

/** The header name and optional regex of a header-based strategy, both templates over `config`. */
export function compileHeaderFields(ctx: BuildContext, def: Record<string, unknown>): { header: () => string; regex: () => RegExp | undefined } {
  const interpolator = ctx.get(Interpolator);
  const scope = { config: ctx.config, parameters: ctx.parameters };
  const header = interpolator.compile(String(def.header ?? ""), { path: `${ctx.path}.header` });
  const regex = typeof def.regex === "string" && def.regex !== "" ? interpolator.compile(def.regex, { path: `${ctx.path}.regex` }) : undefined;
  return {
    header: () => header.render(scope),
    regex: () => (regex ? anchoredRegex(regex.render(scope)) : undefined),
  };
}

/** Python's `re.match` anchors at the start; named groups `(?P<x>` are written `(?<x>` in JavaScript. */
function anchoredRegex(source: string): RegExp {
  return new RegExp(`^(?:${source.replace(/\(\?P</g, "(?<")})`);
}
