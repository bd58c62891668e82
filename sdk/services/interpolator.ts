import { serviceToken } from "./service-token.js";

/**
 * The names a template may use, besides `config`, `parameters` and the macros.
 *
 * @example
 * template.eval({ config, parameters, response: { next: "abc" }, last_page_size: 100 });
 */
export type TemplateContext = Record<string, unknown>;

/**
 * Where a template sits, for compile-time checks and error messages.
 *
 * @example
 * { path: "streams[0].retriever.paginator.pagination_strategy.cursor_value", names: ["response", "headers", "last_record", "last_page_size"] }
 */
export interface TemplateSite {
  /** The manifest path of the field holding the template. */
  path: string;
  /** Names in scope besides `config` and `parameters`. A template using another name is an error at build time. */
  names?: readonly string[];
}

/**
 * A template compiled once, when its component is built, and evaluated per request or page.
 *
 * @example
 * const t = interpolator.compile("{{ response.next }}", { path: "cursor_value", names: ["response"] });
 * t.eval({ config, parameters, response: { next: "abc" } }); // "abc"
 */
export interface CompiledTemplate {
  readonly source: string;
  /** True when the source has no `{{`/`{%`: evaluation returns it without running the engine. */
  readonly isStatic: boolean;
  /**
   * The context names the template reads (`response`, `headers`, `config`...), so a caller can skip
   * building a context value no template uses.
   */
  readonly names: ReadonlySet<string>;
  /**
   * The top-level config keys the template reads (`config['credentials']['token']` reads `credentials`,
   * `config.get('region')` reads `region`), so an error about an empty value can say which keys it came from.
   */
  readonly configKeys: readonly string[];
  /** Renders, then applies the kit's literal step (`"123"` → 123, `"None"` → null). */
  eval(context: TemplateContext): unknown;
  /** Renders to text, without the literal step. */
  render(context: TemplateContext): string;
  /** Evaluates as a condition with the kit's false-values rule (an undefined name counts as false). */
  test(context: TemplateContext): boolean;
}

/**
 * A nested value (mapping or list) whose string leaves are templates, e.g. `request_parameters`.
 * Entries that evaluate to null are dropped, as the kit does.
 *
 * @example
 * const params = interpolator.compileNested({ since: "{{ config['start'] }}", tag: "{{ None }}" }, { path: "request_parameters" });
 * params.eval({ config: { start: "2024-01-01" } }); // { since: "2024-01-01" }
 */
export interface CompiledValue {
  eval(context: TemplateContext): unknown;
}

/**
 * Options of {@link Interpolator.compileNested}.
 *
 * @example
 * { validTypes: ["str", "list"] }
 */
export interface NestedOptions {
  /**
   * The Python types a leaf's literal value may have (the kit's `valid_value_types`); a leaf whose value has
   * another type keeps its rendered text. Default: every type. The kit's requester uses `["str", "list"]`
   * for query parameters and headers, so `"{{ 10 / 2 }}"` is sent as `5.0` and a rendered `None` as `None`.
   *
   * @example
   * interpolator.compileNested(def.request_parameters, { path, names }, { validTypes: ["str", "list"] });
   */
  validTypes?: readonly ("str" | "int" | "float" | "bool" | "list" | "tuple" | "dict" | "NoneType")[];
}

/**
 * The interpolation service: Jinja-compatible templates on nunjucks. Plugins get it from
 * `ctx.get(Interpolator)`.
 *
 * @example
 * const interpolator = ctx.get(Interpolator);
 * const pageSize = interpolator.compile(String(def.page_size), { path: `${ctx.path}.page_size` });
 */
export interface Interpolator {
  compile(template: string, site: TemplateSite): CompiledTemplate;
  compileNested(value: unknown, site: TemplateSite, options?: NestedOptions): CompiledValue;
}

/** The DI token of the {@link Interpolator}. */
export const Interpolator = serviceToken<Interpolator>("sluice.Interpolator");
