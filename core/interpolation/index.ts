/**
 * The interpolation service: Jinja-compatible templates (first, simple version on nunjucks; the
 * full compatibility layer grows behind this same entry point).
 */
import nunjucks from "nunjucks";
import { TemplateError } from "../../sdk/errors/index.js";
import type { CompiledTemplate, CompiledValue, Interpolator, TemplateContext, TemplateSite } from "../../sdk/services/interpolator.js";

/** Options of {@link createInterpolator}. */
export interface InterpolatorOptions {
  /** Milliseconds since the epoch, for `now_utc()` and friends. Default: `Date.now`. */
  clock?: () => number;
}

const FALSE_VALUES = new Set(["False", "false", "{}", "[]", "()", "", "0", "0.0"]);

function literal(text: string): unknown {
  const t = text.trim();
  if (/^[+-]?(0|[1-9][0-9_]*)$/.test(t)) return Number(t.replace(/_/g, ""));
  if (/^[+-]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(t)) return Number(t);
  if (t === "None") return null;
  if (t === "True") return true;
  if (t === "False") return false;
  if (/^'[^'\\]*'$/.test(t) || /^"[^"\\]*"$/.test(t)) return t.slice(1, -1);
  return text;
}

/**
 * Creates the interpolation service.
 *
 * @example
 * const interpolator = createInterpolator({ clock: () => Date.parse("2024-03-15T12:34:56Z") });
 * interpolator.compile("{{ config['page_size'] }}", { path: "page_size" }).eval({ config: { page_size: 50 } }); // 50
 */
export function createInterpolator(_options: InterpolatorOptions = {}): Interpolator {
  const env = new nunjucks.Environment(null, { autoescape: false });
  env.addGlobal("True", true).addGlobal("False", false).addGlobal("None", null);
  const compile = (template: string, site: TemplateSite): CompiledTemplate => {
    const isStatic = !template.includes("{{") && !template.includes("{%");
    let compiled: nunjucks.Template | undefined;
    if (!isStatic) {
      try {
        compiled = new nunjucks.Template(template, env, site.path, true);
      } catch (error) {
        throw new TemplateError("TEMPLATE_SYNTAX", `Template ${JSON.stringify(template)} does not parse`, { where: { manifestPath: site.path }, cause: error });
      }
    }
    const render = (context: TemplateContext): string => (compiled ? compiled.render(context as object) : template);
    const evalOnce = (context: TemplateContext): unknown => (compiled ? literal(render(context)) : template);
    return {
      source: template,
      isStatic,
      render,
      eval: evalOnce,
      test: (context) => {
        let value: unknown;
        try { value = evalOnce(context); } catch { return false; }
        if (value === false || value === 0) return false;
        return !(typeof value === "string" && FALSE_VALUES.has(value));
      },
    };
  };
  const compileNested = (value: unknown, site: TemplateSite): CompiledValue => {
    if (typeof value === "string") {
      const t = compile(value, site);
      return { eval: (c) => { const v = t.eval(c); return v === "" ? null : v; } };
    }
    if (Array.isArray(value)) {
      const items = value.map((v, i) => compileNested(v, { ...site, path: `${site.path}[${i}]` }));
      return { eval: (c) => items.map((i) => i.eval(c)) };
    }
    if (value && typeof value === "object") {
      const entries = Object.entries(value).map(([k, v]) => [compile(k, site), compileNested(v, { ...site, path: `${site.path}.${k}` })] as const);
      return { eval: (c) => { const out: Record<string, unknown> = {}; for (const [k, v] of entries) { const r = v.eval(c); if (r !== null && r !== undefined) out[String(k.eval(c))] = r; } return out; } };
    }
    return { eval: () => value };
  };
  return { compile, compileNested };
}
