import { SluiceError } from "../../sdk/index.js";
import type { SqlTransaction } from "./sql-database.js";

/** One schema change; versions only grow, and a released migration is never edited. */
interface Migration {
  version: number;
  name: string;
  sql: string[];
}

/**
 * The store's schema, version by version. Tables are prefixed `sluice_` so a host may share its own
 * database. Secrets live apart from the rest: `sluice_sources.config` holds the config without them.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "sources, their sealed secrets, and the store's key id",
    sql: [
      `CREATE TABLE sluice_meta (key text PRIMARY KEY, value text NOT NULL)`,
      `CREATE TABLE sluice_sources (
         name text PRIMARY KEY,
         manifest jsonb NOT NULL,
         config jsonb NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
      `CREATE TABLE sluice_source_secrets (
         source text NOT NULL REFERENCES sluice_sources (name) ON DELETE CASCADE,
         path text NOT NULL,
         key_id text NOT NULL,
         nonce bytea NOT NULL,
         ciphertext bytea NOT NULL,
         PRIMARY KEY (source, path)
       )`,
    ],
  },
];

/** An arbitrary constant: the advisory lock that lets one process at a time migrate a shared server. */
const MIGRATION_LOCK = 7_301_946_112;

/**
 * Brings the schema up to the latest version inside the caller's transaction (Postgres DDL is
 * transactional, so a failed migration leaves nothing half-done). A schema newer than this Sluice
 * knows is refused rather than guessed at.
 */
export async function migrate(tx: SqlTransaction, location: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
  await tx.query("CREATE TABLE IF NOT EXISTS sluice_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
  const [row] = await tx.query<{ version: number | null }>("SELECT max(version) AS version FROM sluice_migrations");
  const applied = Number(row?.version ?? 0);
  const latest = MIGRATIONS[MIGRATIONS.length - 1]!.version;
  if (applied > latest) {
    throw new SluiceError("SOURCE_STORE_TOO_NEW", `The source store at ${location} has schema version ${applied}; this Sluice knows up to ${latest}`, {
      failureType: "config_error",
      expected: `schema version ${latest} or older`,
      found: `version ${applied} (written by a newer Sluice: upgrade this one)`,
    });
  }
  for (const migration of MIGRATIONS.filter((m) => m.version > applied)) {
    for (const statement of migration.sql) await tx.query(statement);
    await tx.query("INSERT INTO sluice_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
  }
}
