import {
  componentSchema,
  ConfigError,
  defineComponent,
  Interpolator,
  Logger,
  makeSlice,
  sliceExtraFields,
  slicePartition,
  Type,
  type ComponentFactory,
  type SliceOptions,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";

interface UnionPartitionRouterParts {
  routers: readonly StreamSlicer[];
  partitionField: string;
  logger?: Logger;
  /** The manifest path, for errors. */
  path: string;
  stream?: string;
}

/**
 * `UnionPartitionRouter`: the deduplicated union of its child routers' partitions, in order (the first
 * occurrence of a value wins). Each partition is normalised to `{<partition_field>: value}`; the child's
 * other partition keys (a parent router's `parent_slice`) move to the slice's extra fields. Child routers'
 * request options are not sent (as in the kit): read the value in templates (`stream_partition`).
 * Modelled on a GitHub connector reading the repositories of a config list and of an organisation.
 *
 * @example
 * partition_router:
 *   type: UnionPartitionRouter
 *   partition_field: repository
 *   partition_routers:
 *     - { type: ListPartitionRouter, cursor_field: repository, values: "{{ config['repositories'] }}" }
 *     - type: SubstreamPartitionRouter
 *       parent_stream_configs:
 *         - { type: ParentStreamConfig, stream: "#/definitions/org_repositories", parent_key: full_name, partition_field: repository }
 */
export class UnionPartitionRouter implements StreamSlicer {
  constructor(private readonly parts: UnionPartitionRouterParts) {}

  get partitionFields(): readonly string[] {
    return [this.parts.partitionField];
  }

  /** The parent states of every child router, merged (the last child's wins for a parent named twice, with a warning). */
  parentStreamState(): Record<string, unknown> | undefined {
    const states = this.parts.routers.map((router) => router.parentStreamState?.()).filter((s): s is Record<string, unknown> => s !== undefined);
    if (states.length === 0) return undefined;
    const merged: Record<string, unknown> = {};
    for (const state of states) {
      const colliding = Object.keys(state).filter((key) => key in merged).sort();
      if (colliding.length) this.parts.logger?.warn(`UnionPartitionRouter child routers reference the same parent stream(s) ${JSON.stringify(colliding)}; the last child's state for each colliding parent stream overwrites the previous one.`);
      Object.assign(merged, state);
    }
    return merged;
  }

  async *slices(options?: SliceOptions): AsyncGenerator<StreamSlice> {
    const field = this.parts.partitionField;
    const seen = new Set<string>();
    for (const router of this.parts.routers) {
      for await (const slice of router.slices(options)) {
        const partition = slicePartition(slice);
        const value = partition[field];
        const identity = this.identity(partition, value);
        if (seen.has(identity)) continue;
        seen.add(identity);
        const carried = Object.fromEntries(Object.entries(partition).filter(([key]) => key !== field));
        yield makeSlice({ [field]: value }, {}, { ...sliceExtraFields(slice), ...carried });
      }
    }
  }

  applyToRequest(): void {}

  /** The value's identity for deduplication; a missing field or a list/object value is the kit's ValueError. */
  private identity(partition: Record<string, unknown>, value: unknown): string {
    const field = this.parts.partitionField;
    if (!(field in partition) || (typeof value === "object" && value !== null)) {
      const missing = !(field in partition);
      throw new ConfigError("PARTITION_UNION_FIELD", missing
        ? `UnionPartitionRouter expects all child partition routers to emit the partition field '${field}'. Got ${JSON.stringify(partition)}`
        : `UnionPartitionRouter can only deduplicate hashable partition values. Got unhashable value ${JSON.stringify(value)} for partition field '${field}'.`, {
        where: { manifestPath: `${this.parts.path}.partition_routers`, stream: this.parts.stream },
        expected: `partitions with a scalar '${field}'`,
        found: missing ? `a partition with keys ${JSON.stringify(Object.keys(partition))}` : `a ${Array.isArray(value) ? "list" : "object"}`,
      });
    }
    // Python's set: 1 and 1.0 and True are one value; 1 and "1" are two.
    return typeof value === "string" ? `s${value}` : `v${value === true ? 1 : value === false ? 0 : String(value)}`;
  }
}

/** The manifest component; see {@link UnionPartitionRouter}. */
export const UnionPartitionRouterComponent: ComponentFactory<UnionPartitionRouter> = defineComponent({
  type: "UnionPartitionRouter",
  kind: "partition_router",
  description: "A partition router that yields the deduplicated union of the partitions produced by its child partition routers, each normalized to the single key `partition_field`.",
  customFieldTypes: { partition_routers: "CustomPartitionRouter" },
  examples: [{ partition_field: "repository", partition_routers: [{ type: "ListPartitionRouter", cursor_field: "repository", values: ["org/a"] }, { type: "ListPartitionRouter", cursor_field: "repository", values: ["org/b"] }] }],
  schema: Type.Object({
    partition_field: Type.String({ title: "Partition Field", description: "The single partition key that all child partition routers' slices are normalized to. Each child router must emit this key in its partitions. Interpolation is evaluated once when the connector is built, using the connector config and $parameters." }),
    partition_routers: Type.Array(componentSchema("partition_router"), { minItems: 2, title: "Partition Routers", description: "The child partition routers whose partitions are unioned. Request options are not supported on child partition routers; partition values should be consumed via interpolation (e.g. `stream_partition`)." }),
  }, { title: "Union Partition Router" }),
  async build(def, ctx) {
    const routers = await Promise.all(def.partition_routers.map((router, i) => ctx.buildChild<StreamSlicer>(router, `${ctx.path}.partition_routers[${i}]`)));
    const partitionField = String(ctx.get(Interpolator).compile(def.partition_field, { path: `${ctx.path}.partition_field`, names: [] }).render({ config: ctx.config, parameters: ctx.parameters }));
    return new UnionPartitionRouter({ routers, partitionField, logger: ctx.optional(Logger), path: ctx.path, stream: ctx.stream });
  },
});
