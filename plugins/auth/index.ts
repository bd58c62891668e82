import { definePlugin } from "../../sdk/index.js";
import { ApiKeyAuthenticatorComponent } from "./api-key-authenticator.js";
import { BasicHttpAuthenticatorComponent } from "./basic-http-authenticator.js";
import { BearerAuthenticatorComponent } from "./bearer-authenticator.js";
import { HmacAuthenticatorComponent } from "./hmac-authenticator.js";
import { JwtAuthenticatorComponent } from "./jwt-authenticator.js";
import { NoAuthComponent } from "./no-auth.js";
import { OAuthAuthenticatorComponent } from "./oauth-authenticator.js";
import { SelectiveAuthenticatorComponent } from "./selective-authenticator.js";
import { SessionTokenAuthenticatorComponent } from "./session-token-authenticator.js";
import { LegacySessionTokenAuthenticatorComponent } from "./legacy-session-token-authenticator.js";
import { QuotaStatusSourceComponent } from "./quota-status-source.js";
import { RateLimitedMultipleTokenAuthenticatorComponent } from "./rate-limited-multiple-token-authenticator.js";
import { TokenQuotaComponent } from "./token-quota.js";

export { ApiKeyAuthenticator } from "./api-key-authenticator.js";
export { BasicHttpAuthenticator } from "./basic-http-authenticator.js";
export { BearerAuthenticator } from "./bearer-authenticator.js";
export { HmacAuthenticator } from "./hmac-authenticator.js";
export { JwtAuthenticator } from "./jwt-authenticator.js";
export { NoAuth } from "./no-auth.js";
export { OAuthAuthenticator } from "./oauth-authenticator.js";
export { SessionTokenAuthenticator } from "./session-token-authenticator.js";
export { LegacySessionTokenAuthenticator } from "./legacy-session-token-authenticator.js";
export { RateLimitedMultipleTokenAuthenticator } from "./rate-limited-multiple-token-authenticator.js";

/**
 * The built-in auth components: NoAuth, BasicHttp, Bearer, ApiKey, JWT, HMAC (request signing), OAuth (both grants and
 * single-use refresh tokens), SessionToken, LegacySessionToken, Selective and RateLimitedMultipleToken (with its
 * TokenQuota pools and QuotaStatusSource).
 */
export const authPlugin = definePlugin({
  name: "sluice:auth",
  register(ctx) {
    for (const component of [
      NoAuthComponent,
      BasicHttpAuthenticatorComponent,
      BearerAuthenticatorComponent,
      ApiKeyAuthenticatorComponent,
      JwtAuthenticatorComponent,
      HmacAuthenticatorComponent,
      OAuthAuthenticatorComponent,
      SessionTokenAuthenticatorComponent,
      LegacySessionTokenAuthenticatorComponent,
      SelectiveAuthenticatorComponent,
      RateLimitedMultipleTokenAuthenticatorComponent,
      TokenQuotaComponent,
      QuotaStatusSourceComponent,
    ]) {
      ctx.registerComponent(component);
    }
  },
});
