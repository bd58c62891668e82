import { definePlugin } from "../../sdk/index.js";
import { FixedWindowCallRatePolicyComponent } from "./fixed-window-call-rate-policy.js";
import { HttpApiBudgetComponent } from "./http-api-budget.js";
import { HttpRequestRegexMatcherComponent } from "./http-request-regex-matcher.js";
import { MovingWindowCallRatePolicyComponent } from "./moving-window-call-rate-policy.js";
import { UnlimitedCallRatePolicyComponent } from "./unlimited-call-rate-policy.js";

export { HttpApiBudget } from "./http-api-budget.js";
export { FixedWindowCallRatePolicy } from "./fixed-window-call-rate-policy.js";
export { MovingWindowCallRatePolicy } from "./moving-window-call-rate-policy.js";
export { UnlimitedCallRatePolicy } from "./unlimited-call-rate-policy.js";
export { HttpRequestRegexMatcher } from "./http-request-regex-matcher.js";

/** API budgets (`api_budget`): HTTPAPIBudget, its three call-rate policies and the request matcher. */
export const budgetPlugin = definePlugin({
  name: "sluice:budget",
  register(ctx) {
    for (const component of [
      HttpApiBudgetComponent,
      FixedWindowCallRatePolicyComponent,
      MovingWindowCallRatePolicyComponent,
      UnlimitedCallRatePolicyComponent,
      HttpRequestRegexMatcherComponent,
    ]) {
      ctx.registerComponent(component);
    }
  },
});
