import { serviceToken } from "./service-token.js";

/**
 * A connector's config: the end user's values (credentials included).
 *
 * @example
 * const config: ConnectorConfig = { base_url: "https://api.example.com", credentials: { api_key: "..." } };
 */
export type ConnectorConfig = Record<string, unknown>;

/**
 * Where the end user's config lives, so an authenticator can persist rotated tokens.
 * The CLI's store rewrites the `--config` file atomically and prints an Airbyte CONTROL message;
 * a library host supplies its own (a database row, a secret manager).
 *
 * @example
 * await ctx.get(ConfigStore).update(async (config) => {
 *   config.credentials.refresh_token = newRefreshToken;   // written before the new token is used
 * });
 */
export interface ConfigStore {
  /** The current config (the same object every component reads). */
  current(): ConnectorConfig;
  /**
   * Changes the config under an exclusive lock and persists it before resolving. The mutator
   * receives the freshest persisted config (another process may have rotated a token meanwhile).
   */
  update(mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<void>;
}

/** The DI token of the {@link ConfigStore}. */
export const ConfigStore = serviceToken<ConfigStore>("sluice.ConfigStore");
