import { concurrentSourceReads } from "../e2e/sources-concurrency-support.js";
import { dumpTables } from "../core/sources/support/store-contract.js";
import { PostgresDatabase } from "../../core/sources/pg-database.js";
import { freshDatabase, serverFiles } from "./postgres-support.js";

// 2, 4 and 8 `sluice read --source` processes sharing a Postgres server (row locks order them). The
// plaintext search covers the tables and every file of the server's data folder (tables, WAL, log).
const url = await freshDatabase("sluice_concurrency");

concurrentSourceReads({
  name: "a Postgres server",
  env: () => ({ SLUICE_DATABASE_URL: url }),
  stored: async () => {
    const db = new PostgresDatabase(url);
    const tables = Buffer.from(await dumpTables(db));
    await db.close();
    return [tables, ...(await serverFiles(url))];
  },
});
