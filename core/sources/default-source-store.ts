import { join } from "node:path";
import { PGliteDatabase } from "./pglite-database.js";
import { PostgresDatabase } from "./pg-database.js";
import { sluiceHome } from "./secret-key.js";
import { openKeyring } from "./secret-keyring.js";
import type { SourceStore } from "./source-store.js";
import { SqlSourceStore } from "./sql-source-store.js";

/**
 * Where the default source store keeps its data and its key.
 *
 * @example
 * createSluice({ sources: { databaseUrl: "postgres://sluice@db/sluice" } });
 */
export interface SourceStoreOptions {
  /** Environment to read `SLUICE_HOME`, `SLUICE_DATABASE_URL`, `SLUICE_SECRET_KEY` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** The Sluice home: key file and embedded database (default `SLUICE_HOME`, else `~/.sluice`). */
  home?: string;
  /** A Postgres server (default `SLUICE_DATABASE_URL`); without one, PGlite under `<home>/db`. */
  databaseUrl?: string;
  /**
   * Told a line for the person waiting when something slow happens: the embedded store's first use
   * (Postgres' initdb, ~2 s). The CLI prints it on stderr.
   */
  notice?: (line: string) => void;
}

/**
 * The default {@link SourceStore}: a Postgres server when a URL is set, else PGlite in `<home>/db`;
 * secrets sealed with the key from `SLUICE_SECRET_KEY` or `<home>/secret.key`. Nothing is opened
 * until the first call.
 *
 * @example
 * const store = createDefaultSourceStore({ home: "/var/lib/sluice" });
 * console.log(await store.list());
 */
export function createDefaultSourceStore(options: SourceStoreOptions = {}): SourceStore {
  const env = options.env ?? process.env;
  const home = options.home ?? sluiceHome(env);
  const url = options.databaseUrl ?? env.SLUICE_DATABASE_URL;
  const db = url ? new PostgresDatabase(url) : new PGliteDatabase(join(home, "db"), undefined, options.notice);
  return new SqlSourceStore(db, () => openKeyring({ env, home }));
}
