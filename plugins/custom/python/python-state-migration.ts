import { StateMigration, type PythonObject } from "../../../sdk/index.js";

/**
 * A Python `StateMigration`: `should_migrate(stream_state)`, then `migrate(stream_state)`, each a bridge
 * call the read awaits before its first slice.
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

  async shouldMigrate(state: Record<string, unknown>): Promise<boolean> {
    return Boolean(await this.remote.call("should_migrate", [state]));
  }

  async migrate(state: Record<string, unknown>): Promise<Record<string, unknown>> {
    return ((await this.remote.call("migrate", [state])) ?? {}) as Record<string, unknown>;
  }
}
