import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { PostgresDatabase } from "../../core/sources/pg-database.js";
import { SecretKey } from "../../core/sources/secret-key.js";
import { openKeyring } from "../../core/sources/secret-keyring.js";
import { SqlSourceStore } from "../../core/sources/sql-source-store.js";
import { storeContract } from "../core/sources/support/store-contract.js";
import { freshDatabase } from "./postgres-support.js";

// The same contract PGlite passes in `npm test`, on a real server (scripts/test-postgres.sh).
const url = await freshDatabase("sluice_store");
const opened: PostgresDatabase[] = [];
after(() => Promise.all(opened.map((db) => db.close())));

storeContract({
  name: "a Postgres server",
  database: () => {
    const db = new PostgresDatabase(url);
    opened.push(db);
    return db;
  },
});

describe("migrations on a shared server", () => {
  it("run once when several processes start on a fresh database at the same moment", async () => {
    const fresh = await freshDatabase("sluice_migrate");
    const key = SecretKey.generate("SLUICE_SECRET_KEY").toBase64();
    const stores = Array.from({ length: 4 }, () => new SqlSourceStore(new PostgresDatabase(fresh), () => openKeyring({ env: { SLUICE_SECRET_KEY: key }, home: "/nonexistent" })));
    assert.deepEqual(await Promise.all(stores.map((s) => s.list())), [[], [], [], []]);
    const db = new PostgresDatabase(fresh);
    const rows = await db.transaction((tx) => tx.query<{ version: number }>("SELECT version FROM sluice_migrations"));
    assert.deepEqual(rows.map((r) => r.version), [1]);
    await Promise.all([...stores.map((s) => s.close()), db.close()]);
  });
});
