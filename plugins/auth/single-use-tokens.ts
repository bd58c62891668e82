import { ManifestError, MemoryConfigStore, type BuildContext, type ConfigStore, type ConnectorConfig, type HttpClient, type IssuedToken } from "../../sdk/index.js";
import type { AuthServices } from "./auth-context.js";
import type { OAuthDefinition } from "./oauth-schema.js";
import { setPath, valueAtPath } from "../../python/dpath.js";
import { formatExpiryDate, parseExpiryDate } from "./expiry-date.js";
import { grantFields, type OAuthValues } from "./oauth-fields.js";
import { requestToken, type RefreshErrorRule } from "./oauth-refresh.js";
import { tokenExpiry } from "./token-expiry.js";

/** A token another process wrote is adopted only when it has at least this long to live. */
const ADOPT_MARGIN_MS = 60_000;

/** What {@link createSingleUseTokens} needs. */
interface SingleUseOptions {
  def: OAuthDefinition;
  ctx: BuildContext;
  services: AuthServices;
  /** The OAuth fields, evaluated once at build as the kit does in this mode. */
  values: OAuthValues;
  rule: RefreshErrorRule;
  http: HttpClient;
  absolute: boolean;
}

/** The tokens of single-use (rotating) refresh-token mode, kept in the config at configured paths. */
interface SingleUseTokens {
  /** The access token already in the config, with its expiry (undefined when there is none). */
  initial(): IssuedToken | undefined;
  /**
   * Under the config store's lock: re-reads the config; adopts a token another process has just
   * written, or spends the refresh token and writes the new tokens back before returning them.
   */
  refresh(stale: string | undefined): Promise<IssuedToken>;
}

/**
 * Single-use refresh tokens (`refresh_token_updater`), as Xero, QuickBooks and Zoho rotate them:
 * every refresh spends the refresh token and returns a new one, so losing the new one locks the
 * connection out. Hence the order: lock the config, re-read it, refresh, persist, unlock, then use.
 *
 * @example
 * refresh_token_updater:
 *   refresh_token_config_path: [credentials, refresh_token]
 *   access_token_config_path: [credentials, access_token]
 *   token_expiry_date_config_path: [credentials, token_expiry_date]
 */
export function createSingleUseTokens(options: SingleUseOptions): SingleUseTokens {
  const { def, ctx, services, values, rule, http, absolute } = options;
  const updater = def.refresh_token_updater ?? {};
  const paths = {
    access: updater.access_token_config_path ?? ["credentials", "access_token"],
    refresh: updater.refresh_token_config_path ?? ["credentials", "refresh_token"],
    expiry: updater.token_expiry_date_config_path ?? ["credentials", "token_expiry_date"],
  };
  const refreshTokenName = updater.refresh_token_name ?? "refresh_token";
  const store: ConfigStore = services.configStore ?? memoryStore(ctx.config, services);
  const scopes = def.scopes;

  const tokenIn = (config: ConnectorConfig): IssuedToken | undefined => {
    const value = valueAtPath(config, paths.access);
    if (value === undefined || value === null || value === "") return undefined;
    services.secrets.add(value);
    const expiry = valueAtPath(config, paths.expiry);
    let expiresAt: number;
    try {
      expiresAt = expiry === undefined || expiry === null || expiry === "" ? 0 : parseExpiryDate(expiry);
    } catch {
      expiresAt = 0; // an unreadable expiry counts as expired: refreshing is always safe
    }
    return { value: String(value), expiresAt };
  };

  const spend = async (config: ConnectorConfig): Promise<IssuedToken> => {
    const refreshToken = valueAtPath(config, paths.refresh);
    services.secrets.add(refreshToken);
    const credentials = (config.credentials ?? {}) as Record<string, unknown>;
    const current: OAuthValues = {
      ...values,
      clientId: String(credentials.client_id ?? values.clientId ?? ""),
      clientSecret: String(credentials.client_secret ?? values.clientSecret ?? ""),
      refreshToken: refreshToken === undefined || refreshToken === null ? "" : String(refreshToken),
      refreshTokenName,
    };
    services.secrets.add(current.clientSecret);
    const result = await requestToken(
      http,
      { endpoint: values.endpoint, fields: grantFields(current, scopes), headers: values.headers, asQuery: def.send_refresh_request_as_query_params === true },
      { accessToken: values.accessTokenName, expiresIn: values.expiresInName, refreshToken: refreshTokenName },
      rule,
      { secrets: services.secrets, where: ctx.path, configPathHint: paths.refresh.join(".") },
    );
    const now = services.clock.now();
    const previous = tokenIn(config)?.expiresAt;
    const expiresAt = tokenExpiry(result, { absolute, now, previous, where: ctx.path });
    setPath(config, paths.access, result.accessToken);
    if (result.refreshToken !== undefined) setPath(config, paths.refresh, result.refreshToken);
    setPath(config, paths.expiry, formatExpiryDate(expiresAt));
    services.logger.info("Refreshed the OAuth access token; the rotated refresh token is saved in the config", { expiresAt: new Date(expiresAt).toISOString() });
    return { value: result.accessToken, expiresAt };
  };

  assertRefreshTokenAt(paths.refresh, store.current(), def, ctx);
  return {
    initial: () => tokenIn(store.current()),
    async refresh(stale) {
      let issued: IssuedToken | undefined;
      await store.update(async (config) => {
        const written = tokenIn(config);
        const fresh = written && written.value !== stale && (written.expiresAt ?? 0) > services.clock.now() + ADOPT_MARGIN_MS;
        issued = fresh ? written : await spend(config);
      });
      return issued!;
    },
  };
}

/** The config path a template such as `{{ config['credentials']['refresh_token'] }}` reads, if it is that simple. */
function configPathOf(template: unknown): string[] | undefined {
  const match = typeof template === "string" ? /^\{\{\s*config((?:\[\s*['"][^'"]+['"]\s*\]|\.\w+)+)\s*\}\}$/.exec(template.trim()) : null;
  return match ? [...match[1]!.matchAll(/\[\s*['"]([^'"]+)['"]\s*\]|\.(\w+)/g)].map((m) => (m[1] ?? m[2])!) : undefined;
}

/**
 * Before any request: the refresh token must be where the updater reads it. A flat config (`refresh_token`
 * at the top) with `refresh_token_updater: {}` (default `credentials.refresh_token`) would otherwise send
 * `refresh_token=` and be refused, or worse, accepted by a lenient test server.
 */
function assertRefreshTokenAt(path: readonly string[], config: ConnectorConfig, def: OAuthDefinition, ctx: BuildContext): void {
  const value = valueAtPath(config, [...path]);
  if (value !== undefined && value !== null && value !== "") return;
  const templatePath = configPathOf(def.refresh_token);
  const held = templatePath && templatePath.join(".") !== path.join(".") ? valueAtPath(config, templatePath) : undefined;
  const hint = held !== undefined && held !== null && held !== ""
    ? `; the refresh_token template ${JSON.stringify(def.refresh_token)} reads config.${templatePath!.join(".")}, which holds one: set refresh_token_config_path: [${templatePath!.join(", ")}]`
    : "";
  throw new ManifestError("AUTH_REFRESH_TOKEN_PATH_EMPTY", `refresh_token_updater reads the refresh token from config.${path.join(".")}, which holds no value${hint}`, {
    failureType: "config_error",
    where: { manifestPath: `${ctx.path}.refresh_token_updater.refresh_token_config_path` },
    expected: `a refresh token at config.${path.join(".")}`,
    found: value === "" ? "an empty string" : "nothing",
  });
}

/** A stand-in store when the host registered none: the config object in memory, one update at a time. */
/** A stand-in store when the host registered none: the SDK's in-memory store over the config object. */
function memoryStore(config: ConnectorConfig, services: AuthServices): ConfigStore {
  services.logger.warn("No config store is registered: rotated refresh tokens are kept in memory only and are lost when the process ends");
  return new MemoryConfigStore(config);
}
