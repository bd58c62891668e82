import {
  componentSchema,
  ConfigError,
  defineComponent,
  makeSlice,
  sliceExtraFields,
  slicePartition,
  Type,
  type ComponentFactory,
  type SliceOptions,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";

/** What a {@link GroupingPartitionRouter} is made of. */
interface GroupingPartitionRouterParts {
  underlying: StreamSlicer;
  groupSize: number;
  /** Skip a partition value already seen in this read (default true). */
  deduplicate: boolean;
  /** The manifest path, for errors. */
  path: string;
}

/**
 * `GroupingPartitionRouter`: reads the partitions of `underlying_partition_router` and hands them out in
 * groups of `group_size`, for APIs that take several ids in one request. A group's slice holds, under
 * the partition's key, the list of its values (`{{ stream_partition.board_ids | join(',') }}`), a
 * substream's `parent_slice` likewise as a list, and each extra field as a list. Each partition must have
 * one key (besides `parent_slice`). `deduplicate` (default true) skips a value already seen in the read.
 * The groups are put into requests by the requester's templates: this router injects nothing itself
 * (the underlying router's `request_option` is not applied), as in the kit.
 *
 * Modelled on Monday.com's GraphQL API, which takes `boards(ids: [1, 2, 3])`: 250 boards are read as 3
 * requests of up to 100 ids instead of 250 requests.
 *
 * @example
 * partition_router:
 *   type: GroupingPartitionRouter
 *   group_size: 100
 *   underlying_partition_router:
 *     type: SubstreamPartitionRouter
 *     parent_stream_configs:
 *       - { type: ParentStreamConfig, stream: "#/definitions/boards", parent_key: id, partition_field: board_ids }
 * requester:
 *   request_body_json: { query: "{ boards(ids: [{{ stream_partition.board_ids | join(',') }}]) { items { id } } }" }
 */
export class GroupingPartitionRouter implements StreamSlicer {
  constructor(private readonly parts: GroupingPartitionRouterParts) {}

  get partitionFields(): readonly string[] | undefined {
    return this.parts.underlying.partitionFields;
  }

  /** The parent state of the router it groups (the kit delegates `get_stream_state`). */
  parentStreamState(): Record<string, unknown> | undefined {
    return this.parts.underlying.parentStreamState?.();
  }

  async *slices(options?: SliceOptions): AsyncGenerator<StreamSlice> {
    const { underlying, groupSize, deduplicate } = this.parts;
    const seen = new Set<string>();
    let group: StreamSlice[] = [];
    for await (const slice of underlying.slices(options)) {
      const value = this.keyValue(slicePartition(slice));
      if (deduplicate) {
        const identity = JSON.stringify(value) ?? "undefined";
        if (seen.has(identity)) continue;
        seen.add(identity);
      }
      group.push(slice);
      if (group.length === groupSize) {
        yield grouped(group);
        group = [];
      }
    }
    if (group.length > 0) yield grouped(group);
  }

  applyToRequest(): void {}

  /** The value of the partition's one key (besides `parent_slice`). */
  private keyValue(partition: Record<string, unknown>): unknown {
    const keys = Object.keys(partition).filter((key) => key !== "parent_slice");
    if (keys.length !== 1) {
      throw new ConfigError("PARTITION_GROUP_KEYS", "GroupingPartitionRouter groups partitions of one key", {
        failureType: "config_error",
        where: { manifestPath: `${this.parts.path}.underlying_partition_router` },
        expected: "partitions with a single key (besides parent_slice)",
        found: `a partition with keys ${JSON.stringify(keys)}`,
      });
    }
    return partition[keys[0]!];
  }
}

/** One slice for a group: each partition key and extra field as the list of the group's values. */
function grouped(group: readonly StreamSlice[]): StreamSlice {
  const partitions = group.map(slicePartition);
  const partition: Record<string, unknown> = {};
  for (const key of Object.keys(partitions[0]!)) partition[key] = partitions.map((p) => p[key] ?? null);
  const extras = group.map(sliceExtraFields);
  const extraFields: Record<string, unknown> = {};
  for (const key of new Set(extras.flatMap((e) => Object.keys(e)))) extraFields[key] = extras.map((e) => e[key] ?? null);
  return makeSlice(partition, {}, extraFields);
}

/** The manifest component; see {@link GroupingPartitionRouter}. */
export const GroupingPartitionRouterComponent: ComponentFactory<GroupingPartitionRouter> = defineComponent({
  type: "GroupingPartitionRouter",
  kind: "partition_router",
  description: "Groups the partitions of another router, several per slice",
  customFieldTypes: { underlying_partition_router: "CustomPartitionRouter" },
  schema: Type.Object({
    group_size: Type.Integer({ minimum: 1 }),
    underlying_partition_router: componentSchema("partition_router"),
    deduplicate: Type.Optional(Type.Boolean()),
  }),
  async build(def, ctx) {
    const underlying = await ctx.build<StreamSlicer>("underlying_partition_router");
    return new GroupingPartitionRouter({ underlying, groupSize: def.group_size, deduplicate: def.deduplicate !== false, path: ctx.path });
  },
});
