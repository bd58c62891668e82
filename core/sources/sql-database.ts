/**
 * One open transaction: parameterized queries (`$1`, `$2`, ...) that return rows.
 *
 * @example
 * const rows = await tx.query<{ name: string }>("SELECT name FROM sluice_sources WHERE name = $1", ["acme"]);
 */
export interface SqlTransaction {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/**
 * A Postgres the source store runs on: PGlite (embedded) or a server through `pg`. The store speaks
 * only in transactions, with the same SQL on both.
 */
export interface SqlDatabase {
  /** "pglite" or "postgres", for messages. */
  readonly kind: string;
  /** Where it is (a folder, or the URL without its password), for messages. */
  readonly location: string;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Postgres's `json` (114) and `jsonb` (3802) type ids: both drivers read their values with Sluice's
 * JSON reader, so an integer past 2^53 in a stored config keeps its digits (`JSON.parse` rounds it).
 *
 * @example
 * PGlite.create(dir, { parsers: Object.fromEntries([...JSON_TYPE_IDS].map((oid) => [oid, parseJson])) });
 */
export const JSON_TYPE_IDS: ReadonlySet<number> = new Set([114, 3802]);
