import {
  componentField,
  type ComponentFactory,
  type DataRecord,
  type IncrementalCursor,
  type ReadOptions,
  type RecordTransformation,
  type Retriever,
  type SchemaLoader,
  type Slicing,
  type Stream,
  type StreamSlice,
} from "../../sdk/index.js";
import { PerPartitionCursor } from "../incremental/per-partition-cursor.js";
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
export const DeclarativeStreamComponent: ComponentFactory<Stream> = {
  type: "DeclarativeStream",
  kind: "stream",
  description: "A named stream of records",
  examples: [{ name: "users", primary_key: "id", retriever: "#/definitions/retriever", schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } } }],
  fieldDefaults: { retriever: "SimpleRetriever", schema_loader: "JsonFileSchemaLoader" },
  customFieldTypes: { retriever: "CustomRetriever", transformations: "CustomTransformation" },
  schema: {
    type: "object",
    required: ["retriever"],
    properties: {
      name: { type: "string" },
      primary_key: { type: ["string", "array"] },
      retriever: componentField("retriever"),
      schema_loader: componentField("schema_loader"),
      incremental_sync: componentField("incremental_sync"),
      transformations: { type: "array", items: componentField("transformation") },
      state_migrations: { type: "array", items: componentField("state_migration") },
      file_uploader: componentField("file_uploader"),
    },
  },
  async build(def, ctx) {
    const name = String(def.name ?? "");
    const retriever = await ctx.build<Retriever>("retriever");
    const loader = await ctx.build<SchemaLoader | undefined>("schema_loader");
    const transformations = await Promise.all(((def.transformations as unknown[] | undefined) ?? []).map((t, i) => ctx.buildChild<RecordTransformation>(t, `${ctx.path}.transformations[${i}]`)));
    const built = await ctx.build<IncrementalCursor | undefined>("incremental_sync");
    // A partitioned incremental stream keeps one cursor per partition (the kit's per-partition state).
    const perPartition = PerPartitionCursor.wrap(retriever.partitionRouter, built);
    const cursor = perPartition ?? built;
    const slicer = perPartition ?? combineSlicers([retriever.partitionRouter, cursor]);
    const slicing = (options: ReadOptions): Slicing | undefined => {
      if (!slicer) return undefined;
      cursor?.setState(options.state);
      return { slicer, cursor };
    };
    return {
      name,
      primaryKey: def.primary_key as Stream["primaryKey"],
      cursorField: cursor?.cursorField,
      jsonSchema: async () => (loader ? loader.load() : { type: "object", additionalProperties: true }),
      read(options: ReadOptions = {}) {
        if (!transformations.length) return retriever.read(name, options, slicing(options));
        // Each record is transformed with the slice it was read in (`{{ stream_slice.parent_id }}`).
        const current = { slice: options.slice };
        const tracked: ReadOptions = { ...options, onSlice: (slice) => { current.slice = slice; options.onSlice?.(slice); } };
        return transformed(retriever.read(name, tracked, slicing(tracked)), transformations, current);
      },
    };
  },
};

/** Applies the stream's `transformations` to each record, in order, before it is emitted. */
async function* transformed(records: AsyncIterable<DataRecord>, transformations: readonly RecordTransformation[], current: { slice?: StreamSlice }): AsyncGenerator<DataRecord> {
  for await (const record of records) {
    for (const transformation of transformations) transformation.transform(record, { streamSlice: current.slice });
    yield record;
  }
}
