import type { ConnectorConfig } from "../../sdk/index.js";
import type { ConfigPath } from "./config-paths.js";
import type { ManifestRef, SourceRecord, SourceSummary } from "./source-model.js";
import type { KeyRotationReport, SourceStore } from "./source-store.js";

/**
 * A {@link SourceStore} made on its first call, so a process that never touches stored sources (`sluice
 * spec`, `check`, `read` of a manifest) never loads the store's code: the database drivers, the keyring,
 * the PGlite template and `node:zlib`. A failed `make` is tried again at the next call.
 *
 * @example
 * const store = new DeferredSourceStore(() => import("./default-source-store.js").then((m) => m.createDefaultSourceStore()));
 * await store.list(); // loads and opens the default store now
 */
export class DeferredSourceStore implements SourceStore {
  private store?: Promise<SourceStore>;

  constructor(private readonly make: () => Promise<SourceStore>) {}

  create(source: SourceRecord): Promise<void> {
    return this.made().then((store) => store.create(source));
  }

  replace(name: string, changes: { manifest?: ManifestRef; config?: ConnectorConfig; secretPaths: ConfigPath[] }): Promise<void> {
    return this.made().then((store) => store.replace(name, changes));
  }

  list(): Promise<SourceSummary[]> {
    return this.made().then((store) => store.list());
  }

  load(name: string): Promise<SourceRecord> {
    return this.made().then((store) => store.load(name));
  }

  updateConfig(name: string, mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<ConnectorConfig> {
    return this.made().then((store) => store.updateConfig(name, mutate));
  }

  remove(name: string): Promise<boolean> {
    return this.made().then((store) => store.remove(name));
  }

  rotateKey(): Promise<KeyRotationReport> {
    return this.made().then((store) => store.rotateKey());
  }

  /** Closes the store if it was ever made; a store never used has nothing to close. */
  async close(): Promise<void> {
    const store = this.store;
    if (!store) return;
    await (await store.catch(() => undefined))?.close();
  }

  private made(): Promise<SourceStore> {
    if (!this.store) {
      this.store = this.make();
      this.store.catch(() => {
        this.store = undefined;
      });
    }
    return this.store;
  }
}
