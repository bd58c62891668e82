import { parseJson } from "../../python/exact-json.js";
import { SluiceError } from "../../sdk/index.js";
import { JSON_TYPE_IDS, type SqlDatabase, type SqlTransaction } from "./sql-database.js";

/** The part of a `pg` pool the store uses. */
interface PgPool {
  connect(): Promise<{ query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>; release(error?: Error | boolean): void }>;
  end(): Promise<void>;
}

/**
 * A Postgres server through `pg` (`SLUICE_DATABASE_URL=postgres://...`): the same schema and queries
 * as the embedded store; many processes share it, and row locks (`SELECT ... FOR UPDATE`) order them.
 * Idle connections do not keep a process alive.
 *
 * @example
 * const db = new PostgresDatabase("postgres://sluice@db.internal/sluice");
 */
export class PostgresDatabase implements SqlDatabase {
  readonly kind = "postgres";
  readonly location: string;
  private pool?: Promise<PgPool>;

  /** Nothing connects until the first transaction. */
  constructor(private readonly url: string) {
    this.location = withoutPassword(url);
  }

  private connect(): Promise<PgPool> {
    this.pool ??= import("pg").then(({ default: pg }) => {
      // json and jsonb values are read as every JSON is (an integer past 2^53 keeps its digits).
      const types = { getTypeParser: (oid: number, format?: "text" | "binary") => (format !== "binary" && JSON_TYPE_IDS.has(oid) ? parseJson : pg.types.getTypeParser(oid, format)) };
      const pool = new pg.Pool({ connectionString: this.url, max: 4, allowExitOnIdle: true, types: types as never });
      pool.on("error", () => undefined); // an idle connection dropped by the server: the next transaction reconnects
      return pool;
    });
    return this.pool;
  }

  async transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    const client = await (await this.connect()).connect().catch((error: unknown) => {
      throw new SluiceError("SOURCE_STORE_UNAVAILABLE", `The source store ${this.location} could not be reached: ${(error as Error).message}`, {
        expected: "a running Postgres server at SLUICE_DATABASE_URL that accepts these credentials",
        cause: error,
      });
    });
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work({ query: async (sql, params) => (await client.query(sql, params ? [...params] : undefined)).rows as never });
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await (await pool)?.end();
  }
}

/** The URL as it may be shown: `postgres://user:****@host/db`. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "the SLUICE_DATABASE_URL server";
  }
}
