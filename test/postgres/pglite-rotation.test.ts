import { concurrentKeyRotations } from "../e2e/key-rotation-concurrency-support.js";

// The embedded store: each rotation holds PGlite's file lock from saving the new key to replacing the key file.
concurrentKeyRotations({ name: "PGlite", env: async () => ({}) });
