import { access, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { parseJson } from "../../python/exact-json.js";
import { SluiceError } from "../../sdk/index.js";
import { acquireConfigLock, type ConfigLock, type ConfigLockOptions } from "../config/config-file-lock.js";
import { ownerOnly, unpackPgliteTemplate } from "./pglite-template.js";
import { JSON_TYPE_IDS, type SqlDatabase, type SqlTransaction } from "./sql-database.js";

/** json and jsonb values read as every JSON is (an integer past 2^53 keeps its digits). */
const EXACT_JSON_PARSERS = Object.fromEntries([...JSON_TYPE_IDS].map((oid) => [oid, parseJson]));

/** The open database of one folder in this process, shared by every handle on it. */
interface Session {
  queue: Promise<unknown>;
  /** Transactions queued or running: the database stays open (and locked) while there are any. */
  pending: number;
  db?: PGlite;
  lock?: ConfigLock;
}

const sessions = new Map<string, Session>();

/**
 * The embedded store: PGlite (Postgres compiled to WebAssembly) in a folder, so `npm install` is all
 * a user needs. PGlite is single-process: two processes must never have the same folder open. So
 * the database is open only while transactions run: the first takes the lock file `<folder>.lock`
 * (O_EXCL; a lock left by a dead process is taken over) and opens it; transactions queued meanwhile
 * in this process run one after another; the last one closes it and releases the lock. Processes
 * take turns (an open costs ~0.2 s), and a process that waited for the lock sees everything the
 * holder committed, which is exactly what a rotated refresh token needs.
 *
 * The first open makes the database, unpacked from the empty database saved at build time (~0.2 s,
 * see {@link unpackPgliteTemplate}) or else by Postgres' initdb (~2 s): `notice` is told, so a person
 * waiting at a terminal knows why, and the database is built in `<folder>.new` and renamed into place
 * once complete, so a process killed meanwhile leaves nothing a later open would take for a database.
 *
 * @example
 * const db = new PGliteDatabase(join(sluiceHome(), "db"));
 * await db.transaction((tx) => tx.query("SELECT 1"));
 */
export class PGliteDatabase implements SqlDatabase {
  readonly kind = "pglite";

  constructor(
    readonly location: string,
    private readonly lock: ConfigLockOptions = { maxPollMs: 40 },
    private readonly notice?: (line: string) => void,
  ) {}

  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    let session = sessions.get(this.location);
    if (!session) sessions.set(this.location, (session = { queue: Promise.resolve(), pending: 0 }));
    const current = session;
    current.pending++;
    const run = current.queue.then(async () => {
      try {
        const db = current.db ?? (current.db = await this.open(current));
        return await db.transaction((tx) => work({ query: async (sql, params) => (await tx.query(sql, params ? [...params] : undefined)).rows as never }));
      } finally {
        if (--current.pending === 0) await this.release(current);
      }
    });
    current.queue = run.catch(() => undefined);
    return run;
  }

  private async open(session: Session): Promise<PGlite> {
    await mkdir(dirname(this.location), { recursive: true, mode: 0o700 });
    session.lock = await acquireConfigLock(this.location, this.lock).catch((error: unknown) => {
      throw new SluiceError("SOURCE_STORE_BUSY", `Another process holds the source store ${this.location} and has shown no progress for a while`, {
        failureType: "transient_error",
        expected: "the lock released (another sluice process is using the store)",
        found: `${this.location}.lock still held; delete it if no sluice process is running`,
        cause: error,
      });
    });
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      if (!(await exists(join(this.location, "PG_VERSION")))) await this.create(PGlite);
      return await PGlite.create(this.location, { parsers: EXACT_JSON_PARSERS });
    } catch (error) {
      await this.release(session);
      if (error instanceof SluiceError) throw error;
      throw new SluiceError("SOURCE_STORE_UNAVAILABLE", `The embedded source store ${this.location} could not be opened: ${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * Makes the database where there is none, under the lock. PGlite writes `PG_VERSION` first and the
   * rest over seconds, so it works in a scratch folder that only a complete database leaves.
   */
  private async create(PGlite: typeof import("@electric-sql/pglite").PGlite): Promise<void> {
    this.notice?.(`creating the source store in ${this.location} (first use, a few seconds)`);
    const scratch = `${this.location}.new`;
    await rm(scratch, { recursive: true, force: true }); // left by a process killed while creating
    if (!(await unpackPgliteTemplate(scratch).catch(() => false))) {
      await rm(scratch, { recursive: true, force: true }); // no template, or a damaged one: initdb
      await (await PGlite.create(scratch)).close();
      await ownerOnly(scratch);
    }
    await rename(scratch, this.location).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      throw new SluiceError("SOURCE_STORE_UNAVAILABLE", `The embedded source store ${this.location} holds files but no database`, {
        expected: "a PGlite database (with its PG_VERSION file), or no folder at all",
        found: `${this.location} without PG_VERSION; move it away if it is not yours, and Sluice makes a new store`,
        cause: error,
      });
    });
  }

  private async release(session: Session): Promise<void> {
    const { db, lock } = session;
    session.db = undefined;
    session.lock = undefined;
    try {
      await db?.close();
    } finally {
      await lock?.release();
    }
  }

  /** Waits for this folder's queued transactions; the database is closed when the last one ends. */
  async close(): Promise<void> {
    await sessions.get(this.location)?.queue;
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}
