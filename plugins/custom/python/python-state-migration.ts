import { StateMigration, type PythonObject } from "../../../sdk/index.js";

/**
 * A Python `StateMigration`: `should_migrate(stream_state)`, then `migrate(stream_state)`.
 *
 * @example
 * # components.py
 * class Nest(StateMigration):
 *     def should_migrate(self, stream_state): return "updated_at" in stream_state
 *     def migrate(self, stream_state): return {"states": [{"partition": {}, "cursor": stream_state}]}
 */
export class PythonStateMigration extends StateMigration {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  shouldMigrate(state: Record<string, unknown>): boolean {
    return Boolean(this.remote.call("should_migrate", [state]));
  }

  migrate(state: Record<string, unknown>): Record<string, unknown> {
    return (this.remote.call("migrate", [state]) ?? {}) as Record<string, unknown>;
  }
}
