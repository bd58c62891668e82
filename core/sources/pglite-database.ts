import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { acquireConfigLock, type ConfigLockOptions } from "../config/config-file-lock.js";
import type { SqlDatabase, SqlTransaction } from "./sql-database.js";

/**
 * The embedded store: PGlite (Postgres compiled to WebAssembly) in a folder, so `npm install` is all
 * a user needs. PGlite is single-process: two processes must never have the same folder open. So
 * every transaction takes the lock file `<folder>.lock` (O_EXCL; a lock left by a dead process is
 * taken over), opens the database, runs, commits, closes it and releases the lock. Processes take
 * turns (an open costs ~0.2 s); a process that waits for the lock then sees what the holder committed,
 * which is exactly what a rotated refresh token needs.
 *
 * @example
 * const db = new PGliteDatabase(join(sluiceHome(), "db"));
 * await db.transaction((tx) => tx.query("SELECT 1"));
 */
export class PGliteDatabase implements SqlDatabase {
  readonly kind = "pglite";
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly location: string, private readonly lock: ConfigLockOptions = {}) {}

  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.exclusive(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async exclusive<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    await mkdir(dirname(this.location), { recursive: true, mode: 0o700 });
    const lock = await acquireConfigLock(this.location, this.lock).catch((error: unknown) => {
      throw new SluiceError("SOURCE_STORE_BUSY", `Another process kept the source store ${this.location} locked too long`, {
        failureType: "transient_error",
        expected: "the lock released (another sluice process is using the store)",
        found: `${this.location}.lock still held; delete it if no sluice process is running`,
        cause: error,
      });
    });
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const db = await PGlite.create(this.location).catch((error: unknown) => {
        throw new SluiceError("SOURCE_STORE_UNAVAILABLE", `The embedded source store ${this.location} could not be opened: ${(error as Error).message}`, { cause: error });
      });
      try {
        return await db.transaction((tx) => work({ query: async (sql, params) => (await tx.query(sql, params ? [...params] : undefined)).rows as never }));
      } finally {
        await db.close();
      }
    } finally {
      await lock.release();
    }
  }

  async close(): Promise<void> {
    await this.queue;
  }
}
