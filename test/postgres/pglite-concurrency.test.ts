import { join } from "node:path";
import { concurrentSourceReads, filesUnder } from "../e2e/sources-concurrency-support.js";

// The embedded store: PGlite under SLUICE_HOME, one process at a time in the database. Every file under
// SLUICE_HOME (database, WAL, key file) is searched for plaintext tokens.
concurrentSourceReads({ name: "PGlite", env: () => ({}), stored: async (home) => filesUnder(join(home)) });
