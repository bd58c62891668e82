import {
  Interpolator,
  Logger,
  Type,
  defineComponent,
  jsonSchema,
  type AttemptOutcome,
  type CompiledTemplate,
  type ComponentFactory,
  type FailureType,
} from "../../sdk/index.js";
import { defaultMapping } from "./default-error-mapping.js";
import { parseErrorMessage } from "./error-message-parser.js";
import { FAILURE_TYPES, RESPONSE_ACTIONS, type Resolution, type ResponseAction } from "./resolution.js";
import { RESPONSE_NAMES, responseContext } from "./response-context.js";

/** What a built filter is made of. */
interface ResponseFilterParts {
  action?: ResponseAction;
  failureType?: FailureType;
  httpCodes: ReadonlySet<number>;
  errorMessageContains?: string;
  predicate?: CompiledTemplate;
  errorMessage?: CompiledTemplate;
  config: Record<string, unknown>;
  parameters: Record<string, unknown>;
}

/**
 * `HttpResponseFilter`: matches a response by status (`http_codes`), by a substring of the API's error
 * message (`error_message_contains`, the message found as the kit's JSON error parser finds it) or by a
 * `predicate` on `response` and `headers`, and then says what to do (`action`). The message shown on
 * failure is `error_message` (a template over `response` and `headers`), else the default message of
 * the status. `failure_type` applies when the action is FAIL; otherwise the status's default type, or
 * system_error. A filter never matches a network error.
 *
 * @example
 * # GitHub answers 403 with "API rate limit exceeded" when the hourly quota is spent: wait, then retry.
 * response_filters:
 *   - type: HttpResponseFilter
 *     http_codes: [403]
 *     error_message_contains: "rate limit"
 *     action: RATE_LIMITED
 *   - type: HttpResponseFilter
 *     predicate: "{{ 'error' in response and response.error.code == 'not_found' }}"
 *     action: IGNORE
 *     error_message: "Skipping a deleted board: {{ response.error.message }}"
 */
export class HttpResponseFilter {
  constructor(private readonly parts: ResponseFilterParts) {}

  /** The resolution when the filter matches the outcome; undefined otherwise. */
  matches(outcome: AttemptOutcome): Resolution | undefined {
    const action = this.matchedAction(outcome);
    if (action === undefined) return undefined;
    const mapped = defaultMapping(outcome);
    const message = (outcome.response && this.message(outcome)) || mapped?.message || "";
    const failureType = this.parts.failureType && action === "FAIL" ? this.parts.failureType : (mapped?.failureType ?? "system_error");
    return { action, failureType, message };
  }

  private matchedAction(outcome: AttemptOutcome): ResponseAction | undefined {
    const response = outcome.response;
    if (!response || this.parts.action === undefined) return undefined;
    if (this.parts.httpCodes.has(response.status)) return this.parts.action;
    if (this.predicateHolds(outcome) || this.containsMessage(outcome)) return this.parts.action;
    return undefined;
  }

  private predicateHolds(outcome: AttemptOutcome): boolean {
    const predicate = this.parts.predicate;
    if (!predicate || predicate.source === "") return false;
    return predicate.test({ config: this.parts.config, parameters: this.parts.parameters, ...responseContext(outcome.response!) });
  }

  private containsMessage(outcome: AttemptOutcome): boolean {
    const wanted = this.parts.errorMessageContains;
    if (!wanted) return false;
    const message = parseErrorMessage(outcome.response!);
    return Boolean(message && message.includes(wanted));
  }

  private message(outcome: AttemptOutcome): string {
    const template = this.parts.errorMessage;
    if (!template || template.source === "") return "";
    return template.render({ config: this.parts.config, parameters: this.parts.parameters, ...responseContext(outcome.response!) });
  }
}

/** The manifest component; see {@link HttpResponseFilter}. */
export const HttpResponseFilterComponent: ComponentFactory<HttpResponseFilter> = defineComponent({
  type: "HttpResponseFilter",
  kind: "response_filter",
  description: "Matches responses by status, error message or predicate and says what to do with them",
  examples: [{ http_codes: [404], action: "IGNORE" }],
  schema: Type.Object({
    action: Type.Optional(jsonSchema<(typeof RESPONSE_ACTIONS)[number]>({ enum: [...RESPONSE_ACTIONS] })),
    failure_type: Type.Optional(jsonSchema<FailureType>({ enum: [...FAILURE_TYPES] })),
    http_codes: Type.Optional(Type.Array(Type.Integer())),
    error_message_contains: Type.Optional(Type.String()),
    predicate: Type.Optional(Type.String()),
    error_message: Type.Optional(Type.String()),
  }),
  build(def, ctx) {
    const hasCondition = def.http_codes !== undefined || def.predicate !== undefined || def.error_message_contains !== undefined;
    if (def.action !== undefined && !hasCondition) {
      // The kit accepts such a filter (its check compares the empty default predicate with None), and it never matches.
      ctx.get(Logger).warn("an HttpResponseFilter has an action but no condition (http_codes, error_message_contains, predicate); it never matches", { at: ctx.path });
    }
    const interpolator = ctx.get(Interpolator);
    const site = (field: string) => ({ path: `${ctx.path}.${field}`, names: RESPONSE_NAMES });
    return new HttpResponseFilter({
      action: def.action,
      failureType: def.failure_type,
      httpCodes: new Set(def.http_codes ?? []),
      errorMessageContains: def.error_message_contains,
      predicate: typeof def.predicate === "string" ? interpolator.compile(def.predicate, site("predicate")) : undefined,
      errorMessage: typeof def.error_message === "string" ? interpolator.compile(def.error_message, site("error_message")) : undefined,
      config: ctx.config,
      parameters: ctx.parameters,
    });
  },
});
