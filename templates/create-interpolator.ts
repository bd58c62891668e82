/**
 * The interpolation service: Jinja-compatible templates on nunjucks' parser, compiled once per
 * template into closures that follow Python/Jinja semantics, with the kit's literal step and boolean rule.
 */
import { TemplateError } from "../sdk/errors/index.js";
import { wallClockMicroseconds } from "../sdk/services/clock.js";
import type { CompiledTemplate, CompiledValue, Interpolator, NestedOptions, TemplateContext, TemplateSite } from "../sdk/services/interpolator.js";
import { isFalseValue } from "./boolean-rule.js";
import { compileRender, Scope, UnsupportedSyntax, type CompileEnv, type FilterImpl } from "./compile-template.js";
import { jinjaFilters } from "./jinja-filters.js";
import { jinjaTests } from "./jinja-tests.js";
import { kitFilters } from "./kit-filters.js";
import { kitMacros } from "./kit-macros.js";
import { literalEval } from "../python/literal-eval.js";
import { parseTemplate, prepareSource } from "./parse-template.js";
import { pyStr } from "../python/str.js";
import { PyError, setKey, toPlain, typeName } from "../python/values.js";
import { configKeysIn } from "./config-keys.js";
import { undeclaredNames } from "./undeclared-names.js";

/** Options of {@link createInterpolator}. */
export interface InterpolatorOptions {
  /** Milliseconds since the epoch, behind `today_with_timezone()` and (without `clockMicroseconds`) `now_utc()`... Default: `Date.now`. */
  clock?: () => number;
  /**
   * Microseconds since the epoch, behind `now_utc()`, `today_utc()` and `day_delta()`, as the kit's
   * `datetime.now()`. Default: the high-resolution system time when `clock` is not given, else `clock() * 1000`.
   */
  clockMicroseconds?: () => bigint;
}

const ALWAYS_IN_SCOPE = ["config", "parameters"];
const SLICE_ALIASES = ["stream_partition", "stream_interval"];

function describeTemplate(template: string): string {
  return JSON.stringify(template.length > 200 ? `${template.slice(0, 200)}...` : template);
}

/** Turns a Python-level error raised while rendering into a TemplateError naming the template and its place. */
function runtimeError(error: unknown, template: string, site: TemplateSite): unknown {
  if (!(error instanceof PyError)) return error;
  const where = { manifestPath: site.path };
  if (error.kind === "UndefinedError") {
    return new TemplateError("TEMPLATE_UNDEFINED_VALUE", `Template ${describeTemplate(template)} used an undefined value: ${error.message}`, { where, cause: error });
  }
  if (error.kind === "ResourceLimitError") {
    return new TemplateError("TEMPLATE_LIMIT", `Template ${describeTemplate(template)} passed a resource limit: ${error.message}`, { where, cause: error, expected: "a template that builds at most 16 Mi characters or 1,000,000 items, and regular expressions that finish within 1 s", found: error.message });
  }
  if (error.kind === "SecurityError") {
    return new TemplateError("TEMPLATE_SECURITY", `Template ${describeTemplate(template)} was refused by the sandbox: ${error.message}`, { where, cause: error });
  }
  const kit = error.kind === "TypeError" ? " (the Python kit would use the template's own text as the value)" : "";
  return new TemplateError("TEMPLATE_EVAL", `Template ${describeTemplate(template)} failed: ${error.kind}: ${error.message}${kit}`, { where, cause: error, found: error.kind });
}

function isUndefinedError(error: unknown): boolean {
  return error instanceof TemplateError && error.code === "TEMPLATE_UNDEFINED_VALUE";
}

function isTypeError(error: unknown): boolean {
  return error instanceof TemplateError && error.code === "TEMPLATE_EVAL" && error.found === "TypeError";
}

function checkNames(template: string, used: Set<string>, site: TemplateSite, env: CompileEnv): void {
  const allowed = new Set([...ALWAYS_IN_SCOPE, ...(site.names ?? [])]);
  if (allowed.has("stream_slice")) for (const alias of SLICE_ALIASES) allowed.add(alias);
  const unknown = [...used].filter((name) => !allowed.has(name) && !env.globals.has(name));
  if (!unknown.length) return;
  if (unknown.includes("stream_state")) {
    // The kit's message: it refuses `stream_state` everywhere; Sluice still gives it to requester templates.
    throw new TemplateError("TEMPLATE_STREAM_STATE", "`stream_state` is no longer supported for interpolation. Use `stream_interval` instead.", { where: { manifestPath: site.path } });
  }
  const names = unknown.map((n) => `'${n}'`).join(", ");
  throw new TemplateError("TEMPLATE_UNDEFINED_NAME", `Template ${describeTemplate(template)} uses ${names}, which ${unknown.length === 1 ? "is" : "are"} not available here`, {
    where: { manifestPath: site.path },
    expected: `only ${[...allowed].sort().join(", ")} and the macros`,
    found: unknown.join(", "),
  });
}

function syntaxError(template: string, site: TemplateSite, error: unknown): TemplateError {
  const detail = error instanceof Error ? error.message.replace(/^\(unknown path\)\s*/, "").replace(/\s+/g, " ").trim() : String(error);
  return new TemplateError("TEMPLATE_SYNTAX", `Template ${describeTemplate(template)} is not valid Jinja: ${detail}`, {
    where: { manifestPath: site.path }, cause: error,
  });
}

/** Jinja's `self`: manifests have no blocks, so `{{ self.name }}` renders empty, as in the kit. */
const TEMPLATE_REFERENCE: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null) as Record<string, unknown>);

/** Builds the compile-time environment: globals (macros), filters and tests. */
function createEnv(clock: () => number, clockMicroseconds: (() => bigint) | undefined): CompileEnv {
  const filters: Record<string, FilterImpl> = {};
  const callFilter = (name: string, value: unknown, args: unknown[]): unknown => {
    if (!Object.hasOwn(filters, name)) throw new PyError("TemplateRuntimeError", `No filter named '${name}'.`);
    return filters[name](value, args, {});
  };
  Object.assign(filters, jinjaFilters(() => jinjaTests, callFilter), kitFilters);
  const globals = kitMacros(clock, clockMicroseconds);
  // Jinja's `self` (a reference to the template's blocks): always in scope, any attribute of it undefined.
  globals.set("self", TEMPLATE_REFERENCE);
  return { globals, filters, tests: jinjaTests };
}

function compileDynamic(template: string, site: TemplateSite, env: CompileEnv): { render: (context: TemplateContext) => string; names: ReadonlySet<string>; configKeys: readonly string[] } {
  let render: (scope: Scope) => string;
  let used: Set<string>;
  let configKeys: readonly string[];
  try {
    const root = parseTemplate(prepareSource(template));
    used = undeclaredNames(root);
    configKeys = used.has("config") ? configKeysIn(root) : NO_KEYS;
    render = compileRender(root, env);
  } catch (error) {
    throw syntaxError(template, site, error);
  }
  checkNames(template, used, site, env);
  const aliases = SLICE_ALIASES.some((alias) => used.has(alias));
  const renderContext = (context: TemplateContext): string => {
    const ctx = aliases && context.stream_slice !== undefined ? { ...context, stream_partition: context.stream_slice, stream_interval: context.stream_slice } : context;
    try {
      return render(new Scope(ctx, env.globals));
    } catch (error) {
      // The kit's `_eval` catches TypeError around rendering and returns the template's own text as the
      // value; a value that is a template's source is never meant, so Sluice fails clearly (conditions
      // keep the kit's outcome: see `test`).
      throw runtimeError(error, template, site);
    }
  };
  return { render: renderContext, names: new Set([...used].filter((name) => !env.globals.has(name))), configKeys };
}

function compileTemplate(template: string, site: TemplateSite, env: CompileEnv): CompiledTemplate {
  if (typeof template !== "string") {
    throw new TemplateError("TEMPLATE_NOT_STRING", `Expected a template string, got ${JSON.stringify(template)}`, { where: { manifestPath: site.path } });
  }
  const isStatic = !/\{[{%#]/.test(template);
  const dynamic = isStatic ? undefined : compileDynamic(template, site, env);
  const render = dynamic?.render ?? staticRender(template);
  const evaluate = isStatic ? staticEval(render({})) : (context: TemplateContext): unknown => {
    const text = render(context);
    return text === "" ? "" : toPlain(literalEval(text));
  };
  return {
    source: template,
    isStatic,
    names: dynamic?.names ?? NO_NAMES,
    configKeys: dynamic?.configKeys ?? NO_KEYS,
    render,
    eval: evaluate,
    test: (context) => {
      let text: string;
      try {
        text = render(context);
      } catch (error) {
        if (isUndefinedError(error)) return false;
        // The kit's condition gets the template's own text on a TypeError: non-empty, so true.
        if (isTypeError(error)) return true;
        throw error;
      }
      return !isFalseValue(text === "" ? false : literalEval(text));
    },
  };
}

const NO_NAMES: ReadonlySet<string> = new Set();
const NO_KEYS: readonly string[] = [];

/** A static template's typed value, computed once (objects are rebuilt per call so callers may mutate them). */
function staticEval(text: string): () => unknown {
  const value = text === "" ? "" : toPlain(literalEval(text));
  if (value === null || typeof value !== "object") return () => value;
  return () => toPlain(literalEval(text));
}

function staticRender(template: string): () => string {
  const text = prepareSource(template);
  return () => text;
}

/** The kit's `_literal_eval(text, valid_types)`: the literal's value if its Python type is accepted, else the text. */
function typedValue(text: string, validTypes: ReadonlySet<string> | undefined): unknown {
  const value = literalEval(text);
  if (validTypes && !validTypes.has(typeName(value))) return text;
  return toPlain(value);
}

/** InterpolatedNestedMapping: string leaves are templates (empty or undefined renders give null); null entries are dropped. */
function compileNestedValue(value: unknown, site: TemplateSite, env: CompileEnv, validTypes?: ReadonlySet<string>): CompiledValue {
  if (typeof value === "string") {
    const t = compileTemplate(value, site, env);
    return {
      eval: (context) => {
        try {
          const text = t.render(context);
          return text === "" ? null : typedValue(text, validTypes);
        } catch (error) {
          if (isUndefinedError(error)) return null;
          throw error;
        }
      },
    };
  }
  if (Array.isArray(value)) {
    const items = value.map((item, i) => compileNestedValue(item, { ...site, path: `${site.path}[${i}]` }, env, validTypes));
    return { eval: (context) => items.map((item) => item.eval(context)) };
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => [compileNestedValue(k, site, env), compileNestedValue(v, { ...site, path: `${site.path}.${k}` }, env, validTypes)] as const);
    return {
      eval: (context) => {
        const out: Record<string, unknown> = {};
        for (const [key, item] of entries) {
          const result = item.eval(context);
          if (result === null || result === undefined) continue;
          const name = key.eval(context);
          setKey(out, typeof name === "string" ? name : pyStr(name), result);
        }
        return out;
      },
    };
  }
  return { eval: () => value };
}

/**
 * Creates the interpolation service.
 *
 * @example
 * const interpolator = createInterpolator({ clock: () => Date.parse("2024-03-15T12:34:56Z") });
 * const next = interpolator.compile("{{ response.next }}", { path: "streams[0].retriever.paginator.pagination_strategy.cursor_value", names: ["response", "headers", "last_record", "last_page_size"] });
 * next.eval({ config: {}, parameters: {}, response: { next: "abc" } }); // "abc"
 */
export function createInterpolator(options: InterpolatorOptions = {}): Interpolator {
  const env = createEnv(options.clock ?? Date.now, options.clockMicroseconds ?? (options.clock ? undefined : () => wallClockMicroseconds()));
  return {
    compile: (template, site) => compileTemplate(template, site, env),
    compileNested: (value, site, options?: NestedOptions) => compileNestedValue(value, site, env, options?.validTypes ? new Set(options.validTypes) : undefined),
  };
}
