import type { ConfigStore, ConnectorConfig } from "../../sdk/index.js";

/**
 * A config store kept in memory, for library hosts: `onUpdate` is called (and awaited) with the whole
 * new config after every change, before the change is used, so a host can persist rotated tokens
 * wherever it keeps configs. Updates run one at a time.
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
    const run = this.queue.then(async () => {
      await mutate(this.config);
      await this.onUpdate?.(this.config);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
