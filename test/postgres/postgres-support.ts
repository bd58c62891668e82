import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { PostgresDatabase } from "../../core/sources/pg-database.js";

/**
 * The server scripts/test-postgres.sh started. These tests never skip: without it they fail and say
 * how to run them.
 */
export function serverUrl(): string {
  const url = process.env.SLUICE_TEST_DATABASE_URL;
  if (!url) throw new Error("SLUICE_TEST_DATABASE_URL is not set: run these tests with `bash scripts/test-postgres.sh`, which starts a Postgres server");
  return url;
}

/** A new, empty database on the test server, so test files never see each other's rows. */
export async function freshDatabase(prefix: string): Promise<string> {
  const admin = new PostgresDatabase(serverUrl());
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  // CREATE DATABASE cannot run inside a transaction block: end the one the helper opened first.
  await admin.transaction(async (tx) => {
    await tx.query("COMMIT");
    await tx.query(`CREATE DATABASE ${name}`);
    await tx.query("BEGIN");
  });
  await admin.close();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every file of the server's data folder (tables, WAL, log), after a checkpoint wrote the buffers out. */
export async function serverFiles(url: string): Promise<Buffer[]> {
  const db = new PostgresDatabase(url);
  await db.transaction(async (tx) => {
    await tx.query("COMMIT");
    await tx.query("CHECKPOINT");
    await tx.query("BEGIN");
  });
  await db.close();
  const dir = process.env.SLUICE_TEST_PGDATA;
  if (!dir) throw new Error("SLUICE_TEST_PGDATA is not set: run these tests with `bash scripts/test-postgres.sh`");
  const out: Buffer[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      const info = statSync(child);
      if (info.isDirectory()) walk(child);
      else if (info.isFile()) out.push(readFileSync(child));
    }
  };
  walk(dir);
  return out;
}
