import type { ServiceToken } from "../services/service-token.js";
import type { ComponentFactory } from "./component-factory.js";

/**
 * Options of {@link PluginContext.registerComponent}.
 *
 * @example
 * ctx.registerComponent(MyOffsetIncrement, { replace: true }); // replaces the built-in OffsetIncrement, on purpose
 */
export interface RegisterOptions {
  /** Replace an existing component of the same type, on purpose (otherwise a duplicate type is an error). */
  replace?: boolean;
}

/**
 * The narrow surface a plugin registers through.
 *
 * @example
 * register(ctx) {
 *   ctx.registerComponent(AcmePagination);
 *   ctx.registerService(Clock, fixedClock);
 * }
 */
export interface PluginContext {
  registerComponent(factory: ComponentFactory, options?: RegisterOptions): void;
  /** Provides a service (a fetch implementation, a clock) under a token. */
  registerService<T>(token: ServiceToken<T>, value: T): void;
}

/**
 * A plugin: a named bundle of component types and services.
 *
 * @example
 * export default definePlugin({
 *   name: "acme:pagination",
 *   register(ctx) { ctx.registerComponent(AcmePagination); },
 * });
 */
export interface SluicePlugin {
  readonly name: string;
  register(context: PluginContext): void;
}

/**
 * Declares a plugin (an identity function that gives type checking).
 *
 * @example
 * export default definePlugin({ name: "acme:auth", register(ctx) { ctx.registerComponent(AcmeAuth); } });
 */
export function definePlugin(plugin: SluicePlugin): SluicePlugin {
  return plugin;
}
