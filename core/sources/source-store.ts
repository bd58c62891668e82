import { serviceToken, type ConnectorConfig } from "../../sdk/index.js";
import type { ConfigPath } from "./config-paths.js";
import type { ManifestRef, SourceRecord, SourceSummary } from "./source-model.js";

/** What a key rotation did. */
export interface KeyRotationReport {
  sources: number;
  secrets: number;
  /** The new key's id. */
  keyId: string;
  /** What the user must do or know now (where the new key is). */
  note: string;
}

/**
 * Where sources live. The default keeps them in PGlite under `SLUICE_HOME` or in the Postgres of
 * `SLUICE_DATABASE_URL`, secrets sealed with AES-256-GCM; a host may register its own (a secret
 * manager, its own tables) under the {@link SourceStore} token.
 *
 * @example
 * const sluice = createSluice();
 * sluice.register(SourceStore, new MyVaultSourceStore());
 * await sluice.connect({ source: "acme-prod" });
 */
export interface SourceStore {
  /** Stores a new source; `SOURCE_EXISTS` when the name is taken. */
  create(source: SourceRecord): Promise<void>;
  /**
   * Replaces a source's manifest and/or config, under the source's lock; `SOURCE_NOT_FOUND` when there
   * is none. Without a config, the committed one is kept as it is at that moment (a token rotated since
   * the caller looked is not lost). `secretPaths` are added to the paths already secret.
   */
  replace(name: string, changes: { manifest?: ManifestRef; config?: ConnectorConfig; secretPaths: ConfigPath[] }): Promise<void>;
  list(): Promise<SourceSummary[]>;
  /** A source with its secrets decrypted. */
  load(name: string): Promise<SourceRecord>;
  /**
   * Changes a source's config under a per-source lock, in one transaction: the mutator gets the
   * freshest committed config (another process may have rotated a token), and every value it
   * changes is stored as a secret. Resolves with the committed config once it is durable.
   */
  updateConfig(name: string, mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<ConnectorConfig>;
  /** Deletes a source and its secrets; false when there was none. */
  remove(name: string): Promise<boolean>;
  /** Replaces the key and re-encrypts every secret under the new one, in one transaction. */
  rotateKey(): Promise<KeyRotationReport>;
  close(): Promise<void>;
}

/** The DI token of the {@link SourceStore}. */
export const SourceStore = serviceToken<SourceStore>("sluice.SourceStore");
