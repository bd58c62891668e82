import { definePlugin } from "../../sdk/index.js";
import { CustomAuthenticatorComponent } from "./custom-authenticator.js";
import { CustomDecoderComponent } from "./custom-decoder.js";
import { CustomPaginationStrategyComponent } from "./custom-pagination-strategy.js";

/**
 * The built-in custom components: `CustomPaginationStrategy`, `CustomAuthenticator` and `CustomDecoder`, classes
 * named by `class_name` and loaded from the connector folder through the `CustomCodeLoader` service.
 *
 * @example
 * pagination_strategy: { type: CustomPaginationStrategy, class_name: source_acme.components.Steps, step: 2 }
 */
export const customPlugin = definePlugin({
  name: "sluice:custom",
  register(ctx) {
    ctx.registerComponent(CustomPaginationStrategyComponent);
    ctx.registerComponent(CustomAuthenticatorComponent);
    ctx.registerComponent(CustomDecoderComponent);
  },
});
