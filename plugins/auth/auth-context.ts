import {
  AuthenticationError,
  type Authenticator,
  Clock,
  ConfigStore,
  Interpolator,
  Logger,
  Secrets,
  type BuildContext,
  type CompiledTemplate,
  type ConnectorConfig,
  type ServiceToken,
} from "../../sdk/index.js";

/**
 * The services an authenticator uses, with safe stand-ins when the host registered none
 * (a library host without a logger, a unit test without a secret registry).
 */
export interface AuthServices {
  interpolator: Interpolator;
  clock: Pick<Clock, "now">;
  secrets: Secrets;
  logger: Logger;
  /** The config store, or undefined when the host gave none (tokens are then kept in memory only). */
  configStore?: ConfigStore;
}

const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const noSecrets: Secrets = { add() {}, redact: (text) => text };

/** The services of {@link AuthServices}, looked up once at build time. */
export function authServices(ctx: BuildContext): AuthServices {
  return {
    interpolator: ctx.get(Interpolator),
    clock: optional(ctx, Clock) ?? { now: () => Date.now() },
    secrets: optional(ctx, Secrets) ?? noSecrets,
    logger: optional(ctx, Logger) ?? silentLogger,
    configStore: optional(ctx, ConfigStore),
  };
}

function optional<T>(ctx: BuildContext, token: ServiceToken<T>): T | undefined {
  try {
    return ctx.get(token);
  } catch {
    return undefined;
  }
}

/**
 * Compiles the template at `definition[field]` once (undefined when the field is absent). Numbers
 * and booleans are compiled from their text, as the kit interpolates them.
 */
export function compileField(
  ctx: BuildContext,
  definition: Record<string, unknown>,
  field: string,
  names: readonly string[] = [],
  basePath: string = ctx.path,
): CompiledTemplate | undefined {
  const value = definition[field];
  if (value === undefined || value === null) return undefined;
  return ctx.get(Interpolator).compile(String(value), { path: `${basePath}.${field}`, names });
}

/**
 * Renders a credential template to text. Credentials skip the kit's literal step on purpose: a
 * password `1e3` or an API key `007` is sent exactly as the user typed it (see docs/compatibility.md).
 */
export function renderCredential(template: CompiledTemplate | undefined, config: ConnectorConfig, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  if (!template) return "";
  return template.render({ config, parameters, ...extra });
}

/** A template that supplies its own fallback (`config.get('key', '')`, `| default`, `or`, `{% if %}`) means "empty is fine". */
const OWN_FALLBACK = /\.get\(|\bdefault\b|\|\s*d\b|\bor\b|\{%-?\s*if\b/;

/**
 * Returns a credential that rendered to text, or throws AUTH_CREDENTIAL_EMPTY when it is empty: an empty
 * Bearer token or API key is sent as `Bearer ` and answered 401 with nothing to say why (the kit sends it).
 * The error names the config keys the template read that the config lacks, and the keys it has. A
 * template with its own fallback is taken at its word; so is a field the method allows empty (Basic's
 * password), which callers simply do not pass here.
 *
 * @example
 * const token = requireCredential(renderCredential(template, ctx.config, ctx.parameters), template, ctx, "BearerAuthenticator.api_token");
 */
export function requireCredential(value: string, template: CompiledTemplate | undefined, ctx: BuildContext, field: string): string {
  if (value !== "" || (template && OWN_FALLBACK.test(template.source))) return value;
  const config = ctx.config as Record<string, unknown>;
  const missing = (template?.configKeys ?? []).filter((key) => config[key] === undefined || config[key] === null || config[key] === "");
  const reads = missing.length ? `; it reads ${missing.map((k) => `config['${k}']`).join(", ")}, which the config does not have` : "";
  const name = field.split(".").pop()!;
  throw new AuthenticationError("AUTH_CREDENTIAL_EMPTY", `${field} rendered empty${template ? ` (${JSON.stringify(template.source)})` : ""}${reads}; nothing was sent`, {
    failureType: "config_error",
    where: { manifestPath: `${ctx.path}.${name}` },
    expected: "a credential that is not empty",
    found: `an empty string; the config has the keys ${Object.keys(config).join(", ") || "(none)"}`,
  });
}

/**
 * Records on `authenticator` the config keys its templates read (for the message of a 401) and returns it.
 *
 * @example
 * return readsConfig(new BearerAuthenticator(`Bearer ${token}`), template);
 */
export function readsConfig<T extends Authenticator>(authenticator: T, ...templates: Array<CompiledTemplate | undefined>): T {
  authenticator.configKeys = [...new Set(templates.flatMap((template) => template?.configKeys ?? []))];
  return authenticator;
}
