import { deferredPartitions } from "./deferred-partitions.js";
import { normalizeRecord, normalizedPartitions } from "./schema-normalization.js";
import {
  Type,
  componentSchema,
  defineComponent,
  isThenable,
  thenMaybe,
  type Awaitable,
  jsonSchema,
  type ComponentFactory,
  retrieverPartitions,
  type PartitionsOptions,
  type IncrementalCursor,
  type RecordTransformation,
  type Retriever,
  type SchemaLoader,
  type SchemaNormalization,
  type DataRecord,
  type JsonSchema,
  type StateMigration,
  type StateMigrationContext,
  type Stream,
} from "../../sdk/index.js";
import { combineSlicers } from "./cartesian-slicer.js";

/**
 * `DeclarativeStream`: a named stream of records with its retriever and schema.
 *
 * @example
 * streams:
 *   - type: DeclarativeStream
 *     name: users
 *     primary_key: id
 *     retriever: { $ref: "#/definitions/retriever" }
 *     schema_loader: { type: InlineSchemaLoader, schema: { type: object } }
 */
export const DeclarativeStreamComponent: ComponentFactory<Stream> = defineComponent({
  type: "DeclarativeStream",
  kind: "stream",
  description: "A named stream of records",
  examples: [{ name: "users", primary_key: "id", retriever: "#/definitions/retriever", schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } } }],
  fieldDefaults: { retriever: "SimpleRetriever", schema_loader: "JsonFileSchemaLoader" },
  customFieldTypes: {
    retriever: "CustomRetriever",
    transformations: "CustomTransformation",
    incremental_sync: "CustomIncrementalSync",
    schema_loader: "CustomSchemaLoader",
    state_migrations: "CustomStateMigration",
  },
  schema: Type.Object({
    name: Type.Optional(Type.String()),
    primary_key: Type.Optional(jsonSchema<NonNullable<Stream["primaryKey"]>>({ type: ["string", "array"] })),
    retriever: componentSchema("retriever"),
    schema_loader: Type.Optional(componentSchema("schema_loader")),
    incremental_sync: Type.Optional(componentSchema("incremental_sync")),
    transformations: Type.Optional(Type.Array(componentSchema("transformation"))),
    state_migrations: Type.Optional(Type.Array(componentSchema("state_migration"))),
    file_uploader: Type.Optional(componentSchema("file_uploader")),
  }),
  async build(def, ctx) {
    const name = String(def.name ?? "");
    const retriever = await ctx.build<Retriever>("retriever");
    const loader = await ctx.build<SchemaLoader | undefined>("schema_loader");
    const transformations = await Promise.all((def.transformations ?? []).map((t, i) => ctx.buildChild<RecordTransformation>(t, `${ctx.path}.transformations[${i}]`)));
    const migrations = await Promise.all((def.state_migrations ?? []).map((m, i) => ctx.buildChild<StateMigration>(m, `${ctx.path}.state_migrations[${i}]`)));
    const built = await ctx.build<IncrementalCursor | undefined>("incremental_sync");
    // A partitioned incremental stream keeps one cursor per partition (the kit's per-partition state).
    const perPartition = retriever.partitionRouter ? built?.forPartitions?.(retriever.partitionRouter) : undefined;
    const cursor = perPartition ?? built;
    // The record selector's `schema_normalization: Default` casts records to this stream's schema (see normalizeRecord).
    const normalization = (def.retriever as { record_selector?: { schema_normalization?: unknown } } | undefined)?.record_selector?.schema_normalization;
    const normalize = normalization === "Default" ? normalizeRecord
      : typeof normalization === "object" && normalization !== null
        ? await ctx.buildChild<SchemaNormalization>(normalization, `${ctx.path}.retriever.record_selector.schema_normalization`).then((custom) => (record: DataRecord, schema: JsonSchema) => custom.transform(record, schema))
        : undefined;
    const slicer = perPartition ?? combineSlicers([retriever.partitionRouter, cursor]);
    // What a state migration may know of the stream (LegacyToPerPartitionStateMigration needs both).
    const migration: StateMigrationContext = { partitionFields: retriever.partitionRouter?.partitionFields ?? [], cursorField: cursor?.cursorField };
    return {
      name,
      primaryKey: def.primary_key,
      cursorField: cursor?.cursorField,
      jsonSchema: async () => (loader ? loader.load() : { type: "object", additionalProperties: true }),
      partitions: (options: PartitionsOptions = {}) => {
        const made = (state: Record<string, unknown> | undefined) => retrieverPartitions({ stream: name, retriever, slicer, cursor, transformations }, { ...options, state });
        const migrated = migrateState(options.state, migrations, migration);
        const partitions = isThenable(migrated) ? deferredPartitions(migrated.then(made)) : made(migrated);
        return normalize && loader ? normalizedPartitions(partitions, () => loader.load(), normalize) : partitions;
      },
    };
  },
});

/**
 * The kit's state migrations: each, in order, rewrites the saved state when it says it should.
 * Synchronous while every answer is; a migration answering with a promise (a Python one) is awaited.
 */
function migrateState(state: Record<string, unknown> | undefined, migrations: readonly StateMigration[], context: StateMigrationContext, from = 0): Awaitable<Record<string, unknown> | undefined> {
  if (!state) return state;
  let current = state;
  for (let i = from; i < migrations.length; i++) {
    const migration = migrations[i]!;
    const before = current;
    const next = thenMaybe(migration.shouldMigrate(before, context), (should) => (should ? migration.migrate(before, context) : before));
    if (isThenable(next)) return next.then((migrated) => migrateState(migrated, migrations, context, i + 1));
    current = next;
  }
  return current;
}
