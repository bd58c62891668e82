/**
 * Rewrites a stream's saved state before the read starts from it (a connector that changed its cursor
 * or its state shape): the base class of `CustomStateMigration` classes, as the kit's `StateMigration`.
 * A stream applies its `state_migrations` in order, each only when `shouldMigrate` says so.
 *
 * @example
 * export class RenameCursor extends StateMigration {
 *   shouldMigrate(state: Record<string, unknown>) { return "updated" in state; }
 *   migrate(state: Record<string, unknown>) { return { updated_at: state.updated }; }
 * }
 */
export abstract class StateMigration {
  abstract shouldMigrate(state: Record<string, unknown>): boolean;
  abstract migrate(state: Record<string, unknown>): Record<string, unknown>;
}
