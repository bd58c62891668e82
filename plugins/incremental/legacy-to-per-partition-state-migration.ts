import { defineComponent, StateMigration, Type, type ComponentFactory, type DataRecord, type StateMigrationContext } from "../../sdk/index.js";

/**
 * `LegacyToPerPartitionStateMigration`: reads the per-partition state older (Python) connectors saved,
 * `{ "<partition value>": { "<cursor field>": "<value>" } }`, as today's per-partition state
 * `{ "states": [{ "partition": { "<partition field>": "<partition value>" }, "cursor": { ... } }] }`.
 * The partition field comes from the stream's partition router (which must have exactly one, e.g. one
 * parent stream), the cursor field from its `incremental_sync`. A state is migrated only when every
 * value is an object holding just the cursor field; a state already in the new format (or anything
 * else) is left as it is. As in the kit; in addition, Sluice matches a migrated partition to the
 * partition read even though the old format did not record the parent's own partition (`parent_slice`).
 *
 * Modelled on Mailchimp's `list_members` stream, whose saved state was
 * `{ "13506132": { "last_changed": "2022-12-27T08:34:39+00:00" } }` (list id -> cursor), migrated to
 * `{ "states": [{ "partition": { "id": "13506132" }, "cursor": { "last_changed": "2022-12-27T08:34:39+00:00" } }] }`.
 *
 * @example
 * streams:
 *   - type: DeclarativeStream
 *     name: list_members
 *     retriever: { partition_router: { type: SubstreamPartitionRouter, parent_stream_configs: [{ parent_key: id, partition_field: id, stream: "#/definitions/lists" }] } }
 *     incremental_sync: { type: DatetimeBasedCursor, cursor_field: last_changed }
 *     state_migrations:
 *       - type: LegacyToPerPartitionStateMigration
 */
export class LegacyToPerPartitionStateMigration extends StateMigration {
  shouldMigrate(state: DataRecord, context: StateMigrationContext): boolean {
    if ("states" in state || context.partitionFields.length !== 1 || context.cursorField === undefined) return false;
    const values = Object.values(state);
    if (values.length === 0) return false;
    return values.every((value) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
      const keys = Object.keys(value);
      return keys.length === 1 && keys[0] === context.cursorField;
    });
  }

  migrate(state: DataRecord, context: StateMigrationContext): DataRecord {
    const field = context.partitionFields[0]!;
    return { states: Object.entries(state).map(([value, cursor]) => ({ partition: { [field]: value }, cursor })) };
  }
}

/** The manifest component; see {@link LegacyToPerPartitionStateMigration}. */
export const LegacyToPerPartitionStateMigrationComponent: ComponentFactory<StateMigration> = defineComponent({
  type: "LegacyToPerPartitionStateMigration",
  kind: "state_migration",
  description: "Reads the per-partition state of older connectors ({ partition: { cursor_field: value } })",
  schema: Type.Object({}, { additionalProperties: true }),
  build: () => new LegacyToPerPartitionStateMigration(),
});
