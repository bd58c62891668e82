import { Type, defineComponent, jsonSchema, type ComponentFactory } from "../../sdk/index.js";
import { numericField } from "./backoff-strategy.js";
import type { BackoffStrategy } from "../../sdk/index.js";

/**
 * `ConstantBackoffStrategy`: waits the same number of seconds before every retry.
 * `backoff_time_in_seconds` is required; it may be a template over `config`.
 *
 * @example
 * backoff_strategies:
 *   - type: ConstantBackoffStrategy
 *     backoff_time_in_seconds: 30
 */
export const ConstantBackoffStrategyComponent: ComponentFactory<BackoffStrategy> = defineComponent({
  type: "ConstantBackoffStrategy",
  kind: "backoff_strategy",
  description: "Waits a constant number of seconds before each retry",
  schema: Type.Object({
    backoff_time_in_seconds: jsonSchema<number | string>({ type: ["number", "string"] }),
  }),
  build(def, ctx) {
    const seconds = numericField(ctx, def.backoff_time_in_seconds, "backoff_time_in_seconds");
    return { backoffSeconds: () => seconds() };
  },
});
