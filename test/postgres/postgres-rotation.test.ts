import { concurrentKeyRotations } from "../e2e/key-rotation-concurrency-support.js";
import { freshDatabase } from "./postgres-support.js";

// A Postgres server: each rotation holds the key-id row lock (FOR UPDATE) from saving the new key to its commit.
concurrentKeyRotations({ name: "a Postgres server", env: async () => ({ SLUICE_DATABASE_URL: await freshDatabase("sluice_rotation") }) });
