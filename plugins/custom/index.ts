import { definePlugin } from "../../sdk/index.js";
import { CustomAuthenticatorComponent } from "./custom-authenticator.js";
import { CustomDecoderComponent } from "./custom-decoder.js";
import { customKindComponents } from "./custom-kinds.js";
import { CustomPaginationStrategyComponent } from "./custom-pagination-strategy.js";

/**
 * The built-in custom components: `CustomPaginationStrategy`, `CustomAuthenticator`, `CustomDecoder`
 * and every other `Custom*` type of the kit (see custom-kinds.ts): classes named by `class_name`,
 * loaded from the connector folder through the `CustomCodeLoader` service, all by `customComponent()`.
 *
 * @example
 * pagination_strategy: { type: CustomPaginationStrategy, class_name: source_acme.components.Steps, step: 2 }
 */
export const customPlugin = definePlugin({
  name: "sluice:custom",
  register(ctx) {
    ctx.registerComponent(CustomPaginationStrategyComponent);
    ctx.registerComponent(CustomAuthenticatorComponent);
    for (const component of customKindComponents) ctx.registerComponent(component);
    ctx.registerComponent(CustomDecoderComponent);
  },
});
