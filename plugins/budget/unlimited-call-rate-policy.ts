import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";
import { buildMatchers, MATCHER_DEFAULTS, MATCHERS_SCHEMA } from "./build-matchers.js";
import { MatchedPolicy, type CallRatePolicy } from "./call-rate-policy.js";

/**
 * No limit for the requests it matches (the kit's `UnlimitedCallRatePolicy`): listed before a limited
 * policy, it exempts some requests from it (policies are tried in order; the first match governs).
 *
 * @example
 * policies:
 *   - type: UnlimitedCallRatePolicy
 *     matchers: [{ url_path_pattern: "^/v1/health" }]
 *   - type: FixedWindowCallRatePolicy
 *     period: PT1H
 *     call_limit: 1000
 *     matchers: []
 */
export class UnlimitedCallRatePolicy extends MatchedPolicy {
  constructor(
    matchers: ConstructorParameters<typeof MatchedPolicy>[0],
    readonly description: string,
  ) {
    super(matchers);
  }

  tryAcquire(): number {
    return 0;
  }

  update(): void {}
}

/** The `UnlimitedCallRatePolicy` component. */
export const UnlimitedCallRatePolicyComponent: ComponentFactory<CallRatePolicy> = defineComponent({
  type: "UnlimitedCallRatePolicy",
  kind: "call_rate_policy",
  fieldDefaults: MATCHER_DEFAULTS,
  description: "No limit for the requests it matches",
  schema: Type.Object({ matchers: MATCHERS_SCHEMA }),
  async build(def, ctx) {
    return new UnlimitedCallRatePolicy(await buildMatchers(def, ctx), `UnlimitedCallRatePolicy at ${ctx.path}`);
  },
});
