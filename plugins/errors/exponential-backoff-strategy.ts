import { Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";
import { numericField } from "./backoff-strategy.js";
import type { BackoffStrategy } from "../../sdk/index.js";

/**
 * `ExponentialBackoffStrategy`: waits `factor * 2^attempt` seconds, `attempt` counting from 1 as the
 * kit does (so with the default factor 5 the waits are 10, 20, 40... seconds). `factor` may be a
 * template over `config`.
 *
 * @example
 * backoff_strategies:
 *   - type: ExponentialBackoffStrategy
 *     factor: 2
 */
export const ExponentialBackoffStrategyComponent: ComponentFactory<BackoffStrategy> = defineComponent({
  type: "ExponentialBackoffStrategy",
  kind: "backoff_strategy",
  description: "Waits factor * 2^attempt seconds before each retry",
  schema: Type.Object({
    factor: Type.Optional(jsonSchema<number | string>({ type: ["number", "string"] })),
  }),
  build(def, ctx) {
    const factor = numericField(ctx, def.factor, "factor", 5);
    return {
      backoffSeconds(outcome) {
        const f = factor();
        return f === undefined ? undefined : f * 2 ** outcome.attempt;
      },
    };
  },
});
