import type { Awaitable } from "./awaitable.js";
/**
 * What a {@link StateMigration} may know about its stream (built-in migrations use it; a custom one may
 * ignore it).
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
 * Rewrites a stream's saved state before the read starts from it (a connector that changed its cursor
 * or its state shape): the base class of `CustomStateMigration` classes, as the kit's `StateMigration`.
 * A stream applies its `state_migrations` in order, each only when `shouldMigrate` says so; both methods
 * also receive the stream's {@link StateMigrationContext}.
 *
 * @example
 * export class RenameCursor extends StateMigration {
 *   shouldMigrate(state: Record<string, unknown>) { return "updated" in state; }
 *   migrate(state: Record<string, unknown>) { return { updated_at: state.updated }; }
 * }
 */
export abstract class StateMigration {
  /** Either method may answer with a promise (a Python migration's), which the read awaits before its first slice. */
  abstract shouldMigrate(state: Record<string, unknown>, context?: StateMigrationContext): Awaitable<boolean>;
  abstract migrate(state: Record<string, unknown>, context?: StateMigrationContext): Awaitable<Record<string, unknown>>;
}
