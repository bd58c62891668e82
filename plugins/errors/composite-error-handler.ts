import {
  ManifestError,
  Type,
  componentSchema,
  defineComponent,
  isThenable,
  thenMaybe,
  type Awaitable,
  type AttemptOutcome,
  type ComponentFactory,
  type ErrorDecision,
  type ErrorHandler,
} from "../../sdk/index.js";
import type { BackoffStrategy } from "../../sdk/index.js";
import { fallbackResolution } from "./default-error-mapping.js";
import { buildList, decideWith, type ResolvingErrorHandler } from "./default-error-handler.js";
import type { Resolution } from "./resolution.js";

/**
 * `CompositeErrorHandler`: asks its `error_handlers` in order. The first that answers SUCCESS, RETRY
 * or IGNORE decides; a FAIL or RATE_LIMITED answer lets the next handler try, and the last answer
 * stands. `max_retries` is the first handler's, `max_time` the longest of all; the backoff strategies
 * of all handlers are pooled (the first that gives a wait wins, whichever handler matched), as in the kit.
 *
 * @example
 * # HubSpot: a 403 on a scope the account lacks is skipped, 429s wait for the 10-second window.
 * error_handler:
 *   type: CompositeErrorHandler
 *   error_handlers:
 *     - type: DefaultErrorHandler
 *       response_filters: [{ type: HttpResponseFilter, http_codes: [403], action: IGNORE }]
 *     - type: DefaultErrorHandler
 *       backoff_strategies: [{ type: ConstantBackoffStrategy, backoff_time_in_seconds: 10 }]
 */
export class CompositeErrorHandler implements ResolvingErrorHandler {
  readonly maxRetries: number | undefined;
  /** The longest `max_time` of the handlers (the kit takes the maximum too); undefined when none has one. */
  readonly maxTimeMs: number | undefined;
  /** Every handler's backoff strategies, pooled once (they are asked on every retried response). */
  readonly backoffStrategies: readonly BackoffStrategy[];

  constructor(private readonly handlers: readonly ErrorHandler[]) {
    this.maxRetries = handlers[0]?.maxRetries;
    const limits = handlers.flatMap((h) => (h.maxTimeMs === undefined ? [] : [h.maxTimeMs]));
    this.maxTimeMs = limits.length === 0 ? undefined : Math.max(...limits);
    this.backoffStrategies = handlers.flatMap((h) => (isResolving(h) ? h.backoffStrategies : []));
  }

  decide(outcome: AttemptOutcome): Awaitable<ErrorDecision> {
    return decideWith(this.interpret(outcome), outcome, this.backoffStrategies);
  }

  /**
   * The handlers' resolution, asked from handler `from` on (`last`: the answer before it). Synchronous
   * while every handler answers at once; a handler answering with a promise (a Python one) is awaited.
   */
  interpret(outcome: AttemptOutcome, from = 0, last?: Resolution): Awaitable<Resolution> {
    for (let i = from; i < this.handlers.length; i++) {
      const handler = this.handlers[i]!;
      const answer = isResolving(handler) ? handler.interpret(outcome) : thenMaybe(handler.decide(outcome), fromDecision);
      if (isThenable(answer)) return answer.then((resolution) => (resolution && settles(resolution) ? resolution : this.interpret(outcome, i + 1, resolution ?? last)));
      if (!answer) continue;
      last = answer;
      if (settles(answer)) return answer;
    }
    return last ?? fallbackResolution(outcome);
  }
}

/** Whether a handler's answer ends the search (a FAIL or RATE_LIMITED one lets the next handler try). */
function settles(resolution: Resolution): boolean {
  return resolution.action === "SUCCESS" || resolution.action === "RETRY" || resolution.action === "IGNORE" || resolution.action === "RESET_PAGINATION";
}

function isResolving(handler: ErrorHandler): handler is ResolvingErrorHandler {
  return typeof (handler as Partial<ResolvingErrorHandler>).interpret === "function";
}

/** A third-party handler's decision, seen as a resolution. */
function fromDecision(decision: ErrorDecision | undefined): Resolution | undefined {
  if (!decision) return undefined;
  switch (decision.action) {
    case "success":
      return { action: "SUCCESS" };
    case "retry":
      return { action: "RETRY", message: decision.reason };
    case "ignore":
      return { action: "IGNORE", message: decision.reason };
    case "fail":
      return { action: "FAIL", message: decision.message, failureType: decision.failureType };
    case "reset_pagination":
      return { action: "RESET_PAGINATION", message: decision.reason };
  }
}

/** The manifest component; see {@link CompositeErrorHandler}. */
export const CompositeErrorHandlerComponent: ComponentFactory<CompositeErrorHandler> = defineComponent({
  type: "CompositeErrorHandler",
  kind: "error_handler",
  description: "Asks several error handlers in order",
  fieldDefaults: { error_handlers: "DefaultErrorHandler" },
  customFieldTypes: { error_handlers: "CustomErrorHandler" },
  schema: Type.Object({
    error_handlers: Type.Array(componentSchema("error_handler")),
  }),
  async build(def, ctx) {
    const handlers = await buildList<ErrorHandler>(ctx, def.error_handlers, "error_handlers");
    if (handlers.length === 0) {
      throw new ManifestError("MANIFEST_INVALID", "A CompositeErrorHandler needs at least one error handler", {
        where: { manifestPath: `${ctx.path}.error_handlers` },
        expected: "a non-empty list of error handlers",
        found: "an empty list",
      });
    }
    return new CompositeErrorHandler(handlers);
  },
});
