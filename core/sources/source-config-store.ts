import type { ConfigStore, ConnectorConfig } from "../../sdk/index.js";
import type { SourceStore } from "./source-store.js";

/**
 * The config store of a connector run from a stored source: a token an authenticator writes back
 * (a rotated single-use refresh token, an access token and its expiry) is committed, encrypted, under
 * the source's lock before the authenticator uses it; a second process refreshing the same source
 * waits for that lock and then sees the committed token instead of spending the old one.
 *
 * @example
 * const store = new SourceConfigStore(sources, "acme-prod", record.config);
 * await sluice.connect({ path, config: record.config, configStore: store });
 */
export class SourceConfigStore implements ConfigStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: SourceStore,
    private readonly name: string,
    private readonly config: ConnectorConfig,
  ) {}

  current(): ConnectorConfig {
    return this.config;
  }

  update(mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<void> {
    const run = this.queue.then(async () => {
      const committed = await this.store.updateConfig(this.name, mutate);
      for (const key of Object.keys(this.config)) if (!(key in committed)) delete this.config[key];
      Object.assign(this.config, committed);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
