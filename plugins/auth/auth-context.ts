import {
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
