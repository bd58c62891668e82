import {
  AuthenticationError,
  HttpClient,
  ManifestError,
  TokenSource,
  defineComponent,
  injectRequestValue,
  type BuildContext,
  type ComponentFactory,
  type IssuedToken,
  type OutgoingRequest,
} from "../../sdk/index.js";
import { authServices, compileField, readsConfig, renderCredential, type AuthServices } from "./auth-context.js";
import { parseExpiryDate } from "./expiry-date.js";
import { compileOAuthFields, evaluateOAuthFields, grantFields, refreshErrorRule } from "./oauth-fields.js";
import { requestToken } from "./oauth-refresh.js";
import { OAuthSchema, type OAuthDefinition } from "./oauth-schema.js";
import { tokenExpiry } from "./token-expiry.js";
import { createSingleUseTokens } from "./single-use-tokens.js";
import { TokenAuthenticator } from "./token-authenticator.js";

const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * `OAuthAuthenticator`: OAuth 2 access tokens from a token endpoint (RFC 6749), for the
 * `refresh_token` grant (Google, Salesforce, HubSpot) and the `client_credentials` grant (Spotify,
 * Zoom server-to-server). The token request is a form-encoded POST; the access token is sent as
 * `Authorization: Bearer <token>`, reused until a margin before it expires, refreshed once for all
 * streams, and refreshed once more when the API answers 401. With `refresh_token_updater`, rotating
 * single-use refresh tokens are written to the config store before the new access token is used.
 *
 * A token endpoint answer it understands (keys found down to depth 5):
 * `{"access_token": "ya29.a0...", "expires_in": 3599, "token_type": "Bearer"}`
 *
 * @example
 * authenticator:
 *   type: OAuthAuthenticator
 *   token_refresh_endpoint: https://oauth2.googleapis.com/token
 *   client_id: "{{ config['client_id'] }}"
 *   client_secret: "{{ config['client_secret'] }}"
 *   refresh_token: "{{ config['refresh_token'] }}"
 */
export class OAuthAuthenticator extends TokenAuthenticator {
  /** @param refreshable false for a fixed `access_token_value` without an endpoint: a 401 is final. */
  constructor(source: TokenSource<string>, private readonly refreshable = true) {
    super(source);
  }

  override async onUnauthorized(request?: OutgoingRequest): Promise<boolean> {
    return this.refreshable && super.onUnauthorized(request);
  }

  protected inject(request: OutgoingRequest, token: string): void {
    injectRequestValue(request, "header", "Authorization", `Bearer ${token}`, "OAuthAuthenticator");
  }
}

/** The `OAuthAuthenticator` component. */
export const OAuthAuthenticatorComponent: ComponentFactory<OAuthAuthenticator> = defineComponent({
  type: "OAuthAuthenticator",
  kind: "authenticator",
  description: "OAuth 2 access tokens (refresh_token or client_credentials grant), refreshed before they expire",
  examples: [{ token_refresh_endpoint: "https://api.example.com/oauth/token", client_id: "{{ config['client_id'] }}", client_secret: "{{ config['client_secret'] }}", refresh_token: "{{ config['refresh_token'] }}" }],
  schema: OAuthSchema,
  fieldDefaults: { profile_assertion: "JwtAuthenticator" },
  shared: true,
  async build(def, ctx) {
    const services = authServices(ctx);
    const source = def.refresh_token_updater ? await singleUseSource(def, ctx, services) : await standardSource(def, ctx, services);
    const fixed = !def.refresh_token_updater && (def.token_refresh_endpoint === undefined || def.token_refresh_endpoint === null);
    const fields = ["client_id", "client_secret", "refresh_token", "access_token_value"].map((field) => compileField(ctx, def, field));
    return readsConfig(new OAuthAuthenticator(source, !fixed), ...fields);
  },
});

async function standardSource(def: OAuthDefinition, ctx: BuildContext, services: AuthServices): Promise<TokenSource<string>> {
  const templates = compileOAuthFields(def, ctx);
  const useAssertion = def.use_profile_assertion === true;
  const configNow = () => services.configStore?.current() ?? ctx.config;
  const initialValues = evaluateOAuthFields(templates, configNow(), ctx.parameters);
  validateStandard(def, ctx, initialValues.grantType, useAssertion, templates.endpoint !== undefined);
  const assertion = useAssertion ? await ctx.build<TokenAuthenticator>("profile_assertion") : undefined;
  const rule = refreshErrorRule(def, ctx);
  const scopes = def.scopes;
  const http = ctx.get(HttpClient);
  const absolute = Boolean(def.token_expiry_date_format);
  const initial = initialToken(def, ctx, services, templates.endpoint === undefined);
  for (const value of [initialValues.clientSecret, initialValues.refreshToken]) services.secrets.add(value);
  let warnedRotation = false;
  const source: TokenSource<string> = new TokenSource<string>({
    clock: services.clock,
    initial,
    fetch: async () => {
      const values = evaluateOAuthFields(templates, configNow(), ctx.parameters);
      if (!values.endpoint) {
        throw new AuthenticationError("AUTH_DEFINITION_INVALID", "token_refresh_endpoint evaluated to an empty URL", { failureType: "config_error", where: { manifestPath: `${ctx.path}.token_refresh_endpoint` } });
      }
      services.secrets.add(values.clientSecret);
      services.secrets.add(values.refreshToken);
      const fields = assertion ? { [values.grantTypeName]: JWT_BEARER_GRANT, assertion: await assertion.token() } : grantFields(values, scopes);
      const result = await requestToken(
        http,
        { endpoint: values.endpoint, fields, headers: values.headers, asQuery: def.send_refresh_request_as_query_params === true },
        { accessToken: values.accessTokenName, expiresIn: values.expiresInName, refreshToken: values.refreshTokenName },
        rule,
        { secrets: services.secrets, where: ctx.path },
      );
      if (!warnedRotation && !assertion && result.refreshToken !== undefined && result.refreshToken !== values.refreshToken) {
        // A rotated token that is not saved is lost: with single-use tokens the next run is locked out.
        warnedRotation = true;
        services.logger.warn(
          "The token endpoint returned a new refresh token, which is not saved because the authenticator has no refresh_token_updater. If the API's refresh tokens are single-use, the next run will fail with AUTH_INVALID_GRANT: add refresh_token_updater (docs/authentication.md, 'Rotating refresh tokens').",
          { manifestPath: ctx.path },
        );
      }
      const now = services.clock.now();
      const expiresAt = tokenExpiry(result, { absolute, now, previous: source.expiresAt(), where: ctx.path });
      services.logger.info("Obtained a new OAuth access token", { expiresAt: new Date(expiresAt).toISOString() });
      return { value: result.accessToken, expiresAt };
    },
  });
  return source;
}

function validateStandard(def: OAuthDefinition, ctx: BuildContext, grantType: string, useAssertion: boolean, hasEndpoint: boolean): void {
  const fail = (message: string, expected: string) => {
    throw new ManifestError("AUTH_DEFINITION_INVALID", message, { where: { manifestPath: ctx.path }, expected, found: "nothing" });
  };
  if (!hasEndpoint && (def.access_token_value === undefined || def.access_token_value === null)) {
    fail("OAuthAuthenticator needs a token_refresh_endpoint (or a fixed access_token_value)", "token_refresh_endpoint");
  }
  if (useAssertion && !def.profile_assertion) fail("use_profile_assertion needs a profile_assertion (a JwtAuthenticator)", "profile_assertion");
  if (!useAssertion && hasEndpoint && (def.client_id === undefined || def.client_secret === undefined)) {
    fail("OAuthAuthenticator needs both client_id and client_secret", "client_id and client_secret");
  }
  if (!useAssertion && hasEndpoint && grantType === "refresh_token" && def.refresh_token === undefined) {
    fail("OAuthAuthenticator with grant_type refresh_token needs a refresh_token", "refresh_token (or grant_type: client_credentials)");
  }
}

/** The token known before any request: `access_token_value` until `token_expiry_date` (forever without an endpoint). */
function initialToken(def: OAuthDefinition, ctx: BuildContext, services: AuthServices, noEndpoint: boolean): IssuedToken | undefined {
  const value = renderCredential(compileField(ctx, def, "access_token_value"), ctx.config, ctx.parameters);
  if (!value) return undefined;
  services.secrets.add(value);
  if (noEndpoint) return { value };
  const expiryTemplate = compileField(ctx, def, "token_expiry_date");
  if (!expiryTemplate) return undefined; // the kit treats a missing expiry as expired: refresh first
  const text = renderCredential(expiryTemplate, ctx.config, ctx.parameters);
  try {
    return { value, expiresAt: parseExpiryDate(text) };
  } catch (error) {
    // The catalogue's type is system_error (an API's `expires_in` that is no number); here the config's value is wrong.
    throw new ManifestError("AUTH_TOKEN_EXPIRY_INVALID", `token_expiry_date is not a date: ${(error as Error).message}`, {
      failureType: "config_error",
      where: { manifestPath: `${ctx.path}.token_expiry_date` },
      expected: "an ISO 8601 date-time, a YYYY-MM-DD date, or epoch seconds",
      found: JSON.stringify(text),
    });
  }
}

async function singleUseSource(def: OAuthDefinition, ctx: BuildContext, services: AuthServices): Promise<TokenSource<string>> {
  const templates = compileOAuthFields(def, ctx);
  if (!templates.endpoint) {
    throw new ManifestError("AUTH_DEFINITION_INVALID", "OAuthAuthenticator with refresh_token_updater needs a token_refresh_endpoint", {
      where: { manifestPath: ctx.path },
      expected: "token_refresh_endpoint",
      found: "nothing",
    });
  }
  const values = evaluateOAuthFields(templates, ctx.config, ctx.parameters);
  const tokens = createSingleUseTokens({
    def,
    ctx,
    services,
    values,
    rule: refreshErrorRule(def, ctx),
    http: ctx.get(HttpClient),
    absolute: Boolean(def.token_expiry_date_format),
  });
  const source: TokenSource<string> = new TokenSource<string>({
    clock: services.clock,
    initial: tokens.initial(),
    fetch: () => tokens.refresh(source.peek()),
  });
  return source;
}
