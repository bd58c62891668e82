import { Interpolator, ManifestError, type BuildContext, type CompiledTemplate, type CompiledValue, type ConnectorConfig } from "../../sdk/index.js";
import { compileField, renderCredential } from "./auth-context.js";
import type { OAuthDefinition } from "./oauth-schema.js";
import type { RefreshErrorRule } from "./oauth-refresh.js";

/** The OAuth fields that are templates, compiled once. */
interface OAuthTemplates {
  endpoint?: CompiledTemplate;
  clientId?: CompiledTemplate;
  clientSecret?: CompiledTemplate;
  refreshToken?: CompiledTemplate;
  grantType?: CompiledTemplate;
  clientIdName?: CompiledTemplate;
  clientSecretName?: CompiledTemplate;
  refreshTokenName?: CompiledTemplate;
  accessTokenName?: CompiledTemplate;
  expiresInName?: CompiledTemplate;
  grantTypeName?: CompiledTemplate;
  body?: CompiledValue;
  headers?: CompiledValue;
}

/** The OAuth fields evaluated against one config. */
export interface OAuthValues {
  endpoint: string;
  clientId: string;
  clientSecret: string;
  refreshToken?: string;
  grantType: string;
  clientIdName: string;
  clientSecretName: string;
  refreshTokenName: string;
  accessTokenName: string;
  expiresInName: string;
  grantTypeName: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Compiles every template field of an `OAuthAuthenticator` definition. */
export function compileOAuthFields(def: OAuthDefinition, ctx: BuildContext): OAuthTemplates {
  const interpolator = ctx.get(Interpolator);
  const nested = (field: "refresh_request_body" | "refresh_request_headers") => (def[field] === undefined || def[field] === null ? undefined : interpolator.compileNested(def[field], { path: `${ctx.path}.${field}` }));
  const field = (name: string) => compileField(ctx, def, name);
  return {
    endpoint: field("token_refresh_endpoint"),
    clientId: field("client_id"),
    clientSecret: field("client_secret"),
    refreshToken: field("refresh_token"),
    grantType: field("grant_type"),
    clientIdName: field("client_id_name"),
    clientSecretName: field("client_secret_name"),
    refreshTokenName: field("refresh_token_name"),
    accessTokenName: field("access_token_name"),
    expiresInName: field("expires_in_name"),
    grantTypeName: field("grant_type_name"),
    body: nested("refresh_request_body"),
    headers: nested("refresh_request_headers"),
  };
}

/** Evaluates the compiled fields against a config, applying the kit's defaults for the `*_name` fields. */
export function evaluateOAuthFields(t: OAuthTemplates, config: ConnectorConfig, parameters: Record<string, unknown>): OAuthValues {
  const text = (template: CompiledTemplate | undefined, fallback: string) => (template ? renderCredential(template, config, parameters) : fallback);
  const scope = { config, parameters };
  const headers = (t.headers?.eval(scope) ?? {}) as Record<string, unknown>;
  return {
    endpoint: text(t.endpoint, ""),
    clientId: text(t.clientId, ""),
    clientSecret: text(t.clientSecret, ""),
    refreshToken: t.refreshToken ? renderCredential(t.refreshToken, config, parameters) : undefined,
    grantType: text(t.grantType, "refresh_token"),
    clientIdName: text(t.clientIdName, "client_id"),
    clientSecretName: text(t.clientSecretName, "client_secret"),
    refreshTokenName: text(t.refreshTokenName, "refresh_token"),
    accessTokenName: text(t.accessTokenName, "access_token"),
    expiresInName: text(t.expiresInName, "expires_in"),
    grantTypeName: text(t.grantTypeName, "grant_type"),
    body: (t.body?.eval(scope) ?? {}) as Record<string, unknown>,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
  };
}

/**
 * The grant's fields in the kit's order: grant type, client credentials (left out when the refresh
 * headers carry `Authorization`, exact case), refresh token, `scopes`, then `refresh_request_body`
 * extras that do not override a standard field.
 */
export function grantFields(values: OAuthValues, scopes: readonly string[] | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = { [values.grantTypeName]: values.grantType };
  if (!("Authorization" in values.headers)) {
    fields[values.clientIdName] = values.clientId;
    fields[values.clientSecretName] = values.clientSecret;
  }
  // An empty refresh token is noise for grants that do not use one (client_credentials).
  const refreshToken = values.refreshToken === "" && values.grantType !== "refresh_token" ? undefined : values.refreshToken;
  fields[values.refreshTokenName] = refreshToken;
  if (scopes && scopes.length > 0) fields.scopes = [...scopes];
  for (const [key, value] of Object.entries(values.body)) if (!(key in fields)) fields[key] = value;
  return fields;
}

/** The `refresh_token_error_*` fields, as the authenticator or its updater carry them. */
type RefreshErrorFields = Pick<OAuthDefinition, "refresh_token_error_status_codes" | "refresh_token_error_key" | "refresh_token_error_values">;

/** The `refresh_token_error_*` rule: from the authenticator or (deprecated) the updater, not both; the kit's defaults otherwise. */
export function refreshErrorRule(def: OAuthDefinition, ctx: BuildContext): RefreshErrorRule {
  const updater = def.refresh_token_updater ?? {};
  const keys = ["refresh_token_error_status_codes", "refresh_token_error_key", "refresh_token_error_values"] as const;
  const set = (from: RefreshErrorFields) =>
    keys.some((k) => {
      const value = from[k];
      return value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);
    });
  const onAuth = set(def);
  const onUpdater = set(updater);
  if (onAuth && onUpdater) {
    throw new ManifestError("AUTH_DEFINITION_INVALID", "refresh_token_error_* is defined on both the OAuthAuthenticator and its refresh_token_updater", {
      where: { manifestPath: ctx.path },
      expected: "the refresh_token_error_* fields on the OAuthAuthenticator only",
      found: "both",
    });
  }
  const from = onAuth ? def : onUpdater ? updater : undefined;
  if (!from) return { statusCodes: [400], key: "error", values: ["invalid_grant", "invalid_permissions"] };
  return {
    statusCodes: from.refresh_token_error_status_codes ?? [],
    key: from.refresh_token_error_key ?? "",
    values: from.refresh_token_error_values ?? [],
  };
}
