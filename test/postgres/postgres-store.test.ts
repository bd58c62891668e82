import { after } from "node:test";
import { PostgresDatabase } from "../../core/sources/pg-database.js";
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
