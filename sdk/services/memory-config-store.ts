import type { ConfigStore, ConnectorConfig } from "./config-store.js";

/**
 * A config store kept in memory, the only one (a library host's, a test read's, and the stand-in an
 * authenticator uses when the host registered none): `onUpdate` is called (and awaited) with the whole
 * new config after every change, before the change is used, so a host can persist rotated tokens
 * wherever it keeps configs. Updates run one at a time; a key the change removed is removed.
 *
 * @example
 * const store = new MemoryConfigStore(config, async (next) => db.saveConfig(connectorId, next));
 * const connector = await sluice.connect({ path: "manifest.yaml", config, configStore: store });
 */
export class MemoryConfigStore implements ConfigStore {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: ConnectorConfig,
    private readonly onUpdate?: (config: ConnectorConfig) => void | Promise<void>,
  ) {}

  current(): ConnectorConfig {
    return this.config;
  }

  update(mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<void> {
    // The change is made on a copy and adopted only once `onUpdate` has persisted it: a failed mutation
    // or a failed save leaves the config as it was, so a token that was not saved is never used.
    const run = this.queue.then(async () => {
      const next = structuredClone(this.config);
      await mutate(next);
      await this.onUpdate?.(next);
      for (const key of Object.keys(this.config)) if (!(key in next)) delete this.config[key];
      Object.assign(this.config, next);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
