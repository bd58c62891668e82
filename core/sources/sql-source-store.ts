import { stringifyJson } from "../../python/exact-json.js";
import { ConfigError, type ConnectorConfig } from "../../sdk/index.js";
import { changedPaths, describePath, parsePathKey, pathKey, type ConfigPath } from "./config-paths.js";
import { migrate } from "./migrations.js";
import { openSecret, sealSecret, secretContext } from "./secret-cipher.js";
import type { SecretKey } from "./secret-key.js";
import type { SecretKeyring } from "./secret-keyring.js";
import { secretPathsOf } from "./secret-paths.js";
import { joinSecrets, splitSecrets, type SecretValue } from "./secret-split.js";
import { sourceNotFound, type ManifestRef, type SourceRecord, type SourceSummary } from "./source-model.js";
import type { KeyRotationReport, SourceStore } from "./source-store.js";
import type { SqlDatabase, SqlTransaction } from "./sql-database.js";

interface SecretRow {
  source: string;
  path: string;
  key_id: string;
  nonce: Uint8Array;
  ciphertext: Uint8Array;
}

/**
 * The source store on a Postgres (PGlite or a server): the config without its secrets in
 * `sluice_sources`, each secret sealed apart in `sluice_source_secrets` (AES-256-GCM, the source and
 * field path as associated data), the key's id in `sluice_meta`. Every operation is one transaction
 * that first runs pending migrations (once per store) and checks the key; a config change holds the
 * source's row lock (`SELECT ... FOR UPDATE`) from the read to the commit.
 *
 * @example
 * const store = new SqlSourceStore(new PGliteDatabase(join(home, "db")), () => openKeyring({ home }));
 * await store.updateConfig("acme", (config) => { config.credentials.refresh_token = "rotated"; });
 */
export class SqlSourceStore implements SourceStore {
  private migrated = false;
  private keyring?: Promise<SecretKeyring>;

  /** `loadKeyring` runs on first use (so a store can be registered before its key is read). */
  constructor(private readonly db: SqlDatabase, private readonly loadKeyring: () => Promise<SecretKeyring>) {}

  create(source: SourceRecord): Promise<void> {
    return this.run(async (tx, key) => {
      const inserted = await tx.query("INSERT INTO sluice_sources (name, manifest, config) VALUES ($1, $2::jsonb, '{}'::jsonb) ON CONFLICT (name) DO NOTHING RETURNING name", [source.name, JSON.stringify(source.manifest)]);
      if (inserted.length === 0) {
        throw new ConfigError("SOURCE_EXISTS", `A source named '${source.name}' already exists`, {
          expected: "a new name, or `sluice sources update` to change this one",
          found: source.name,
        });
      }
      await this.write(tx, key, source.name, source.config, source.secretPaths);
    });
  }

  replace(name: string, changes: { manifest?: ManifestRef; config?: ConnectorConfig; secretPaths: ConfigPath[] }): Promise<void> {
    return this.run(async (tx, key) => {
      const current = await this.read(tx, key, name, true);
      const config = changes.config ?? current.config;
      if (changes.manifest) await tx.query("UPDATE sluice_sources SET manifest = $2::jsonb WHERE name = $1", [name, JSON.stringify(changes.manifest)]);
      await this.write(tx, key, name, config, secretPathsOf(config, { known: [...changes.secretPaths, ...current.secretPaths] }));
    });
  }

  list(): Promise<SourceSummary[]> {
    return this.run(async (tx) => {
      const rows = await tx.query<{ name: string; manifest_path: string | null; secret_count: string | number; created: string | number; updated: string | number }>(
        `SELECT s.name, s.manifest ->> 'path' AS manifest_path,
                (SELECT count(*) FROM sluice_source_secrets x WHERE x.source = s.name) AS secret_count,
                EXTRACT(EPOCH FROM s.created_at) AS created, EXTRACT(EPOCH FROM s.updated_at) AS updated
           FROM sluice_sources s ORDER BY s.name`,
      );
      return rows.map((row) => ({
        name: row.name,
        manifestPath: row.manifest_path ?? undefined,
        secretCount: Number(row.secret_count),
        createdAt: new Date(Number(row.created) * 1000),
        updatedAt: new Date(Number(row.updated) * 1000),
      }));
    });
  }

  load(name: string): Promise<SourceRecord> {
    return this.run((tx, key) => this.read(tx, key, name, false));
  }

  updateConfig(name: string, mutate: (config: ConnectorConfig) => void | Promise<void>): Promise<ConnectorConfig> {
    return this.run(async (tx, key) => {
      const current = await this.read(tx, key, name, true);
      const next = structuredClone(current.config);
      await mutate(next);
      const changed = changedPaths(current.config, next);
      if (changed.length === 0) return next;
      // Every value written back (an access token, a rotated refresh token, an expiry) is a secret from now on.
      await this.write(tx, key, name, next, secretPathsOf(next, { known: [...current.secretPaths, ...changed] }));
      return next;
    });
  }

  remove(name: string): Promise<boolean> {
    return this.run(async (tx) => (await tx.query("DELETE FROM sluice_sources WHERE name = $1 RETURNING name", [name])).length > 0);
  }

  /**
   * The whole rotation holds the store's exclusive lock (the file lock on PGlite, the key-id row lock
   * on Postgres): the new key is saved (exclusively), every secret re-encrypted, its id recorded, and
   * the new key moved into the key file under the lock again. A second rotation waits for the first
   * and then rotates the key the first one left.
   */
  async rotateKey(): Promise<KeyRotationReport> {
    const keyring = await this.keys();
    const result = await this.run(async (tx, key) => this.resealIn(tx, key, await keyring.nextKey(key.id)), true);
    await this.run(async () => undefined); // the key check under the lock moves the committed key into the key file
    return { ...result, note: keyring.rotationNote };
  }

  /** Re-encrypts every secret under `next` and records its id, in one transaction (the middle of `rotateKey`). */
  reseal(next: SecretKey): Promise<Omit<KeyRotationReport, "note">> {
    return this.run((tx, key) => this.resealIn(tx, key, next), true);
  }

  private async resealIn(tx: SqlTransaction, key: SecretKey, next: SecretKey): Promise<Omit<KeyRotationReport, "note">> {
    const rows = await tx.query<SecretRow>("SELECT source, path, key_id, nonce, ciphertext FROM sluice_source_secrets ORDER BY source, path FOR UPDATE");
    for (const row of rows) {
      const context = secretContext(row.source, row.path);
      const value = openSecret(key, context, sealedOf(row), `${row.source}: ${describePath(parsePathKey(row.path))}`);
      const sealed = sealSecret(next, context, value);
      await tx.query("UPDATE sluice_source_secrets SET key_id = $3, nonce = $4, ciphertext = $5 WHERE source = $1 AND path = $2", [row.source, row.path, sealed.keyId, sealed.nonce, sealed.ciphertext]);
    }
    await tx.query("UPDATE sluice_meta SET value = $1 WHERE key = 'key_id'", [next.id]);
    return { sources: new Set(rows.map((r) => r.source)).size, secrets: rows.length, keyId: next.id };
  }

  close(): Promise<void> {
    return this.db.close();
  }

  /**
   * One transaction with migrations done and the key checked. The key-id row is share-locked (a key
   * rotation locks it exclusively), so a rotation waits for running changes and they wait for it.
   */
  private async run<T>(work: (tx: SqlTransaction, key: SecretKey) => Promise<T>, exclusive = false): Promise<T> {
    const keyring = await this.keys();
    const result = await this.db.transaction(async (tx) => {
      if (!this.migrated) await migrate(tx, this.db.location);
      await tx.query("INSERT INTO sluice_meta (key, value) VALUES ('key_id', $1) ON CONFLICT (key) DO NOTHING", [keyring.current.id]);
      const [row] = await tx.query<{ value: string }>(`SELECT value FROM sluice_meta WHERE key = 'key_id' ${exclusive ? "FOR UPDATE" : "FOR SHARE"}`);
      return work(tx, await keyring.keyFor(row!.value));
    });
    this.migrated = true;
    return result;
  }

  private keys(): Promise<SecretKeyring> {
    this.keyring ??= this.loadKeyring();
    this.keyring.catch(() => (this.keyring = undefined)); // a missing key file may be fixed and retried
    return this.keyring;
  }

  private async read(tx: SqlTransaction, key: SecretKey, name: string, forUpdate: boolean): Promise<SourceRecord> {
    // FOR UPDATE: the source's row lock, held to the commit, is what orders two processes changing one source.
    const [row] = await tx.query<{ manifest: ManifestRef; config: ConnectorConfig }>(`SELECT manifest, config FROM sluice_sources WHERE name = $1${forUpdate ? " FOR UPDATE" : ""}`, [name]);
    if (!row) throw sourceNotFound(name, (await tx.query<{ name: string }>("SELECT name FROM sluice_sources ORDER BY name")).map((r) => r.name));
    const rows = await tx.query<SecretRow>("SELECT source, path, key_id, nonce, ciphertext FROM sluice_source_secrets WHERE source = $1 ORDER BY path", [name]);
    const secrets: SecretValue[] = rows.map((r) => {
      const path = parsePathKey(r.path);
      return { path, value: openSecret(key, secretContext(name, r.path), sealedOf(r), `${name}: ${describePath(path)}`) };
    });
    return { name, manifest: row.manifest, config: joinSecrets(row.config, secrets), secretPaths: secrets.map((s) => s.path) };
  }

  /** Stores a whole config: the plain part in the row, each secret sealed in its own row. */
  private async write(tx: SqlTransaction, key: SecretKey, name: string, config: ConnectorConfig, secretPaths: readonly ConfigPath[]): Promise<void> {
    const { plain, secrets } = splitSecrets(config, secretPaths);
    await tx.query("UPDATE sluice_sources SET config = $2::jsonb, updated_at = now() WHERE name = $1", [name, stringifyJson(plain)]);
    await tx.query("DELETE FROM sluice_source_secrets WHERE source = $1", [name]);
    for (const secret of secrets) {
      const path = pathKey(secret.path);
      const sealed = sealSecret(key, secretContext(name, path), secret.value);
      await tx.query("INSERT INTO sluice_source_secrets (source, path, key_id, nonce, ciphertext) VALUES ($1, $2, $3, $4, $5)", [name, path, sealed.keyId, sealed.nonce, sealed.ciphertext]);
    }
  }
}

function sealedOf(row: SecretRow): { keyId: string; nonce: Buffer; ciphertext: Buffer } {
  return { keyId: row.key_id, nonce: Buffer.from(row.nonce), ciphertext: Buffer.from(row.ciphertext) };
}
