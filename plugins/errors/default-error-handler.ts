import {
  ManifestError,
  Type,
  componentSchema,
  defineComponent,
  isThenable,
  thenMaybe,
  type Awaitable,
  jsonSchema,
  type AttemptOutcome,
  type ComponentFactory,
  type ErrorDecision,
  type ErrorHandler,
} from "../../sdk/index.js";
import { numericField } from "./backoff-strategy.js";
import type { BackoffStrategy } from "../../sdk/index.js";
import { defaultMapping, fallbackResolution } from "./default-error-mapping.js";
import type { HttpResponseFilter } from "./http-response-filter.js";
import { isRetry, toDecision, type Resolution } from "./resolution.js";

/** The kit's `max_time` when a manifest names none: 10 minutes for one request. */
const DEFAULT_MAX_TIME_SECONDS = 600;

/**
 * An error handler that can explain itself as the kit's `ErrorResolution` and lend its backoff
 * strategies, so a `CompositeErrorHandler` can combine handlers as the kit does.
 */
export interface ResolvingErrorHandler extends ErrorHandler {
  /** May answer with a promise (a composite holding a Python handler). */
  interpret(outcome: AttemptOutcome): Awaitable<Resolution>;
  readonly backoffStrategies: readonly BackoffStrategy[];
}

/**
 * `DefaultErrorHandler`: the `response_filters` are tried in order and the first that matches decides;
 * else an ok response (< 400) succeeds; else the status's default: 401/403 fail as config errors,
 * 400/404/405 fail, 408/429/5xx and network errors are retried (up to `max_retries`, default 5, which
 * may be a template over `config`), for at most `max_time` seconds from the first attempt (default 600,
 * as in the kit; the host's request deadline, 180 s by default, also applies and the tighter wins).
 * Before a retry the `backoff_strategies` are asked in order and the first that gives a wait wins; with
 * none, the client's exponential backoff applies.
 *
 * @example
 * # Notion: 429 carries Retry-After; a 404 on a page shared and then unshared is skipped.
 * error_handler:
 *   type: DefaultErrorHandler
 *   max_retries: 8
 *   max_time: 120            # seconds for one request, retries and waits included
 *   response_filters:
 *     - { type: HttpResponseFilter, http_codes: [404], action: IGNORE }
 *   backoff_strategies:
 *     - { type: WaitTimeFromHeader, header: Retry-After }
 *     - { type: ExponentialBackoffStrategy, factor: 2 }
 */
export class DefaultErrorHandler implements ResolvingErrorHandler {
  constructor(
    private readonly filters: readonly HttpResponseFilter[],
    readonly backoffStrategies: readonly BackoffStrategy[],
    readonly maxRetries: number,
    readonly maxTimeMs: number = DEFAULT_MAX_TIME_SECONDS * 1000,
  ) {}

  decide(outcome: AttemptOutcome): Awaitable<ErrorDecision> {
    return decideWith(this.interpret(outcome), outcome, this.backoffStrategies);
  }

  interpret(outcome: AttemptOutcome): Resolution {
    for (const filter of this.filters) {
      const matched = filter.matches(outcome);
      if (matched) return matched;
    }
    if (outcome.response && outcome.response.status < 400) return { action: "SUCCESS" };
    return defaultMapping(outcome) ?? fallbackResolution(outcome);
  }
}

/**
 * Turns a resolution into the client's decision, asking the backoff strategies for the wait of a retry
 * (the first non-zero answer wins, as in the kit).
 */
export function decideWith(resolution: Awaitable<Resolution>, outcome: AttemptOutcome, strategies: readonly BackoffStrategy[]): Awaitable<ErrorDecision> {
  return thenMaybe(resolution, (settled) => (isRetry(settled.action) ? backoffDecision(settled, outcome, strategies) : toDecision(settled, outcome)));
}

/** A retry's decision with the wait of the first strategy, from `from` on, that gives one (a Python strategy's answer awaited). */
function backoffDecision(resolution: Resolution, outcome: AttemptOutcome, strategies: readonly BackoffStrategy[], from = 0): Awaitable<ErrorDecision> {
  for (let i = from; i < strategies.length; i++) {
    const seconds = strategies[i]!.backoffSeconds(outcome);
    if (isThenable(seconds)) return seconds.then((wait) => (wait ? toDecision(resolution, outcome, wait * 1000) : backoffDecision(resolution, outcome, strategies, i + 1)));
    if (seconds) return toDecision(resolution, outcome, seconds * 1000);
  }
  return toDecision(resolution, outcome);
}

/** The manifest component; see {@link DefaultErrorHandler}. */
export const DefaultErrorHandlerComponent: ComponentFactory<DefaultErrorHandler> = defineComponent({
  type: "DefaultErrorHandler",
  kind: "error_handler",
  description: "Decides per response: filters first, then the default status mapping; retries with backoff strategies",
  examples: [{ max_retries: 5, max_time: 600, response_filters: [{ type: "HttpResponseFilter", http_codes: [404], action: "IGNORE" }], backoff_strategies: [{ type: "WaitTimeFromHeader", header: "Retry-After" }] }],
  fieldDefaults: { response_filters: "HttpResponseFilter" },
  customFieldTypes: { backoff_strategies: "CustomBackoffStrategy" },
  schema: Type.Object({
    response_filters: Type.Optional(Type.Array(componentSchema("response_filter"))),
    backoff_strategies: Type.Optional(Type.Array(componentSchema("backoff_strategy"))),
    max_retries: Type.Optional(jsonSchema<number | string>({ type: ["integer", "string"] })),
    max_time: Type.Optional(jsonSchema<number | string>({ type: ["number", "string"] })),
  }),
  async build(def, ctx) {
    const filters = await buildList<HttpResponseFilter>(ctx, def.response_filters, "response_filters");
    const strategies = await buildList<BackoffStrategy>(ctx, def.backoff_strategies, "backoff_strategies");
    const maxRetries = numericField(ctx, def.max_retries, "max_retries", 5)() ?? 5;
    return new DefaultErrorHandler(filters, strategies, Math.max(0, Math.trunc(maxRetries)), maxTimeSeconds(ctx, def.max_time) * 1000);
  },
});

/** `max_time` in seconds: a positive number, or a template over `config` rendering one (default 600). */
function maxTimeSeconds(ctx: Parameters<ComponentFactory["build"]>[1], value: unknown): number {
  const seconds = numericField(ctx, value, "max_time", DEFAULT_MAX_TIME_SECONDS)() ?? DEFAULT_MAX_TIME_SECONDS;
  if (seconds > 0) return seconds;
  throw new ManifestError("MANIFEST_INVALID", "max_time must be a positive number of seconds", {
    where: { manifestPath: `${ctx.path}.max_time` },
    expected: "the most seconds one request may take, retries and waits included (default 600)",
    found: JSON.stringify(value),
  });
}

/** Builds each definition of a list field, at `<path>.<field>[i]`. */
export async function buildList<T>(ctx: Parameters<ComponentFactory["build"]>[1], value: unknown, field: string): Promise<T[]> {
  if (!Array.isArray(value)) return [];
  const built: T[] = [];
  for (const [i, item] of value.entries()) built.push(await ctx.buildChild<T>(item, `${ctx.path}.${field}[${i}]`));
  return built;
}
