/**
 * A typed key for a service in Sluice's container. Tokens are global symbols, so a plugin loaded
 * from another copy of the SDK still finds the same service.
 *
 * @example
 * const MyCache = serviceToken<Map<string, string>>("my-plugin.Cache");
 */
export type ServiceToken<T> = symbol & { readonly __service?: T };

/**
 * Makes a {@link ServiceToken}; the name is namespaced by convention (`"sluice.Clock"`).
 *
 * @example
 * export const RateBudget = serviceToken<{ take(): Promise<void> }>("acme.RateBudget");
 */
export function serviceToken<T>(name: string): ServiceToken<T> {
  return Symbol.for(name) as ServiceToken<T>;
}
