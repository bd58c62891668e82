import { definePlugin } from "../../sdk/index.js";
import { CompositeErrorHandlerComponent } from "./composite-error-handler.js";
import { ConstantBackoffStrategyComponent } from "./constant-backoff-strategy.js";
import { DefaultErrorHandlerComponent } from "./default-error-handler.js";
import { ExponentialBackoffStrategyComponent } from "./exponential-backoff-strategy.js";
import { HttpResponseFilterComponent } from "./http-response-filter.js";
import { WaitTimeFromHeaderComponent } from "./wait-time-from-header.js";
import { WaitUntilTimeFromHeaderComponent } from "./wait-until-time-from-header.js";

export { CompositeErrorHandler } from "./composite-error-handler.js";
export { DefaultErrorHandler, type ResolvingErrorHandler } from "./default-error-handler.js";
export { HttpResponseFilter } from "./http-response-filter.js";

/**
 * Error handling: `DefaultErrorHandler`, `CompositeErrorHandler`, `HttpResponseFilter` and the backoff
 * strategies `ConstantBackoffStrategy`, `ExponentialBackoffStrategy`, `WaitTimeFromHeader`,
 * `WaitUntilTimeFromHeader`. See docs/error-handling.md.
 */
export const errorsPlugin = definePlugin({
  name: "sluice:errors",
  register(ctx) {
    ctx.registerComponent(DefaultErrorHandlerComponent);
    ctx.registerComponent(CompositeErrorHandlerComponent);
    ctx.registerComponent(HttpResponseFilterComponent);
    ctx.registerComponent(ConstantBackoffStrategyComponent);
    ctx.registerComponent(ExponentialBackoffStrategyComponent);
    ctx.registerComponent(WaitTimeFromHeaderComponent);
    ctx.registerComponent(WaitUntilTimeFromHeaderComponent);
  },
});
