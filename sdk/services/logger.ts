import { serviceToken } from "./service-token.js";

/**
 * Human-facing logs. Messages pass through the secret redactor before they are written.
 *
 * @example
 * ctx.get(Logger).info("refreshed the access token", { expiresIn: 3600 });
 */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The DI token of the {@link Logger}. */
export const Logger = serviceToken<Logger>("sluice.Logger");
