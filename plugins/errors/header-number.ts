import { Interpolator, type BuildContext, type HttpResponse } from "../../sdk/index.js";
import { toNumber } from "./backoff-strategy.js";

/**
 * Reads a number from a response header as the kit does: the header (case-insensitive) must be
 * present and non-empty; with a `regex`, a match at the start of the value replaces it (no match keeps
 * the whole value); the result must parse as a number.
 *
 * @example
 * // X-Rate-Limit-Reset: "wait 30" with regex "\\d+" does not match at the start: undefined
 * numericHeader(response, "Retry-After") // 30 for "Retry-After: 30"
 */
export function numericHeader(response: HttpResponse, header: string, regex?: RegExp): number | undefined {
  const value = response.headers.get(header);
  if (!value) return undefined;
  const match = regex?.exec(value);
  return toNumber(match ? match[0] : value);
}

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
