/**
 * Sources: named connector instances whose configs are stored with their secrets encrypted, on
 * PGlite (embedded, the default) or a Postgres server. See docs/sources.md.
 */
export { SourceCatalog, type NewSource, type SourceView } from "./source-catalog.js";
export { SourceStore, type KeyRotationReport } from "./source-store.js";
export { createDefaultSourceStore, type SourceStoreOptions } from "./default-source-store.js";
export { SourceConfigStore } from "./source-config-store.js";
export { SqlSourceStore } from "./sql-source-store.js";
export { PGliteDatabase } from "./pglite-database.js";
export { PostgresDatabase } from "./pg-database.js";
export type { SqlDatabase, SqlTransaction } from "./sql-database.js";
export { SecretKey, sluiceHome } from "./secret-key.js";
export type { ManifestRef, SourceRecord, SourceSummary } from "./source-model.js";
export type { ConfigPath } from "./config-paths.js";
