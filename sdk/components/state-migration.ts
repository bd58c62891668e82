import type { DataRecord } from "./records.js";

/**
 * What a {@link StateMigration} knows about its stream.
 *
 * @example
 * { partitionFields: ["list_id"], cursorField: "last_changed" }
 */
export interface StateMigrationContext {
  /** The keys the stream's partition router puts into a partition (`partition_field`s), empty without one. */
  partitionFields: readonly string[];
  /** The stream's cursor field, when it is incremental. */
  cursorField?: string;
}

/**
 * Rewrites a stream's saved state, before the read, from a format an older connector wrote into the
 * one the stream reads now (the kit's `StateMigration`; a stream's `state_migrations` run in order, each
 * when {@link shouldMigrate} says so). A custom migration extends this class.
 *
 * @example
 * export class RenameCursor extends StateMigration {
 *   shouldMigrate(state: DataRecord) { return "updated" in state; }
 *   migrate(state: DataRecord) { return { updated_at: state.updated }; }
 * }
 */
export abstract class StateMigration {
  /** Whether `state` is in the old format. */
  abstract shouldMigrate(state: DataRecord, context: StateMigrationContext): boolean;
  /** The state in the new format. */
  abstract migrate(state: DataRecord, context: StateMigrationContext): DataRecord;
}

/**
 * Applies a stream's migrations to its incoming state, in order.
 *
 * @example
 * const state = migrateState(options.state, migrations, { partitionFields: ["id"], cursorField: "updated_at" });
 */
export function migrateState(state: DataRecord | undefined, migrations: readonly StateMigration[], context: StateMigrationContext): DataRecord | undefined {
  let current = state;
  for (const migration of migrations) {
    if (current && migration.shouldMigrate(current, context)) current = migration.migrate(current, context);
  }
  return current;
}
