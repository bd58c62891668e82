import { HttpRequestError, Type, defineComponent, type ComponentFactory, numericHeader } from "../../sdk/index.js";
import type { BackoffStrategy } from "../../sdk/index.js";
import { compileHeaderFields } from "./header-fields.js";

/**
 * `WaitTimeFromHeader`: waits the number of seconds a response header says (`Retry-After`,
 * `X-RateLimit-Reset-After`), optionally extracted with `regex`. With `max_waiting_time_in_seconds`,
 * a wait at least that long stops the read (`RATE_LIMIT_WAIT_TOO_LONG`, transient) instead of
 * sleeping. No header, no opinion: the next strategy decides.
 *
 * @example
 * # Zendesk answers 429 with "Retry-After: 93"
 * backoff_strategies:
 *   - type: WaitTimeFromHeader
 *     header: Retry-After
 *     max_waiting_time_in_seconds: 600
 */
export const WaitTimeFromHeaderComponent: ComponentFactory<BackoffStrategy> = defineComponent({
  type: "WaitTimeFromHeader",
  kind: "backoff_strategy",
  description: "Waits the number of seconds given by a response header",
  schema: Type.Object({
    header: Type.String(),
    regex: Type.Optional(Type.String()),
    max_waiting_time_in_seconds: Type.Optional(Type.Number()),
  }),
  build(def, ctx) {
    const fields = compileHeaderFields(ctx, def);
    const max = typeof def.max_waiting_time_in_seconds === "number" ? def.max_waiting_time_in_seconds : undefined;
    return {
      backoffSeconds(outcome) {
        if (!outcome.response) return undefined;
        const header = fields.header();
        const seconds = numericHeader(outcome.response, header, fields.regex());
        if (max && seconds && seconds >= max) {
          throw new HttpRequestError("RATE_LIMIT_WAIT_TOO_LONG", `The API asks to wait ${seconds} s (header ${header}), longer than max_waiting_time_in_seconds (${max} s)`, {
            status: outcome.response.status,
            failureType: "transient_error",
            where: { manifestPath: ctx.path },
            expected: `a wait shorter than ${max} s`,
            found: `${seconds} s`,
          });
        }
        return seconds;
      },
    };
  },
});
