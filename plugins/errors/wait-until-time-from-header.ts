import { Clock, HttpRequestError, Type, defineComponent, jsonSchema, type ComponentFactory, numericHeader } from "../../sdk/index.js";
import { numericField } from "./backoff-strategy.js";
import type { BackoffStrategy } from "../../sdk/index.js";
import { compileHeaderFields } from "./header-fields.js";

/**
 * `WaitUntilTimeFromHeader`: waits until the epoch time (seconds) a response header names, at least
 * `min_wait` seconds when given. Without the header it waits `min_wait` (or has no opinion); a time
 * already past is no opinion unless `min_wait` is set. With `max_waiting_time_in_seconds`, a longer
 * wait stops the read (`RATE_LIMIT_WAIT_TOO_LONG`, transient).
 *
 * @example
 * # Shopify / GitHub style: "X-RateLimit-Reset: 1717430400" (epoch seconds when the quota refills)
 * backoff_strategies:
 *   - type: WaitUntilTimeFromHeader
 *     header: X-RateLimit-Reset
 *     min_wait: 1
 */
export const WaitUntilTimeFromHeaderComponent: ComponentFactory<BackoffStrategy> = defineComponent({
  type: "WaitUntilTimeFromHeader",
  kind: "backoff_strategy",
  description: "Waits until the time (epoch seconds) given by a response header",
  schema: Type.Object({
    header: Type.String(),
    regex: Type.Optional(Type.String()),
    min_wait: Type.Optional(jsonSchema<number | string>({ type: ["number", "string"] })),
    max_waiting_time_in_seconds: Type.Optional(jsonSchema<number | string>({ type: ["number", "string"] })),
  }),
  build(def, ctx) {
    const fields = compileHeaderFields(ctx, def);
    const minWait = numericField(ctx, def.min_wait, "min_wait");
    const maxWait = numericField(ctx, def.max_waiting_time_in_seconds, "max_waiting_time_in_seconds");
    const clock = ctx.get(Clock);
    const capped = (seconds: number, status?: number): number => {
      const max = maxWait();
      if (max !== undefined && seconds > max) {
        throw new HttpRequestError("RATE_LIMIT_WAIT_TOO_LONG", `The API asks to wait ${seconds.toFixed(1)} s (header ${fields.header()}), longer than max_waiting_time_in_seconds (${max} s)`, {
          status,
          failureType: "transient_error",
          where: { manifestPath: ctx.path },
          expected: `a wait of at most ${max} s`,
          found: `${seconds.toFixed(1)} s`,
        });
      }
      return seconds;
    };
    return {
      backoffSeconds(outcome) {
        const now = clock.now() / 1000;
        const until = outcome.response ? numericHeader(outcome.response, fields.header(), fields.regex()) : undefined;
        const min = minWait();
        const status = outcome.response?.status;
        if (!until) return min ? capped(min, status) : undefined;
        const wait = until - now;
        if (min) return capped(Math.max(wait, min), status);
        if (wait < 0) return undefined;
        return capped(wait, status);
      },
    };
  },
});
