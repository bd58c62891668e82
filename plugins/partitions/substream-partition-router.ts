import {
  readRecords,
  Logger,
  ManifestError,
  Type,
  componentSchema,
  defineComponent,
  makeSlice,
  slicePartition,
  type ComponentFactory,
  type DataRecord,
  type OutgoingRequest,
  type SliceOptions,
  type StreamSlice,
  type Stream,
  type StreamSlicer,
} from "../../sdk/index.js";
import { ParentStates } from "./parent-states.js";
import type { ParentStreamConfig } from "./parent-stream-config.js";
import { injectPartitionValue } from "../shared/partition-option.js";
import { getPath } from "../../python/dpath.js";

/**
 * `SubstreamPartitionRouter`: one slice per record of a parent stream. The slice is
 * `{ <partition_field>: <the record's parent_key value>, parent_slice: <the parent's own partition> }`,
 * plus `extra_fields`; each parent's `request_option` also sends the value in the child's requests.
 * Parent records are read lazily: the child reads a parent's slice before the next parent record is
 * read, so memory does not grow with the number of parents. A parent record without `parent_key` is
 * skipped, as in the kit (Sluice also logs a warning). Several parents are read one after the other.
 * A parent with `incremental_dependency: true` is read incrementally: from the child's saved
 * `parent_state`, its state written back there (`parent_state: {<parent>: {<cursor_field>: ...}}`), so
 * a resumed read asks the parent only for what changed.
 *
 * @example
 * # Jira: the comments of every issue (GET /rest/api/3/issue/{id}/comment)
 * retriever:
 *   requester: { path: "/rest/api/3/issue/{{ stream_partition.issue_id }}/comment" }
 *   partition_router:
 *     type: SubstreamPartitionRouter
 *     parent_stream_configs:
 *       - stream: { $ref: "#/definitions/streams/issues" }
 *         parent_key: id
 *         partition_field: issue_id
 */
export class SubstreamPartitionRouter implements StreamSlicer {
  private readonly parentStates = new ParentStates();
  /** The parents read incrementally (`incremental_dependency: true`). */
  private readonly dependencies: readonly Stream[];

  constructor(
    private readonly parents: readonly ParentStreamConfig[],
    private readonly logger: Logger,
  ) {
    this.dependencies = parents.filter((parent) => parent.incrementalDependency).map((parent) => parent.stream);
  }

  get partitionFields(): readonly string[] {
    return this.parents.map((parent) => parent.partitionField);
  }

  /**
   * The kit's `get_stream_state`: the states of the parents read incrementally, keyed by parent stream
   * (`{}` when no parent has `incremental_dependency: true`).
   */
  parentStreamState(): Record<string, unknown> {
    return this.parentStates.snapshot(this.dependencies);
  }

  /** Each parent read incrementally starts from the child's saved `parent_state` (see {@link ParentStates}). */
  setStreamState(state: Record<string, unknown> | undefined): void {
    this.parentStates.start(state, this.dependencies);
  }

  async *slices(options: SliceOptions = {}): AsyncGenerator<StreamSlice> {
    for (const parent of this.parents) yield* this.parentSlices(parent, options);
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void {
    for (const parent of this.parents) injectPartitionValue(request, parent.requestOption, slice, parent.partitionField);
  }

  private async *parentSlices(parent: ParentStreamConfig, options: SliceOptions): AsyncGenerator<StreamSlice> {
    let partition: Record<string, unknown> = {};
    let skipped = 0;
    const name = parent.stream.name;
    const incremental = parent.incrementalDependency ? { state: this.parentStates.of(name), onState: (state: Record<string, unknown>) => this.parentStates.set(name, state) } : {};
    const records = readRecords(parent.stream, { signal: options.signal, onSlice: (slice) => (partition = slicePartition(slice)), ...incremental });
    for await (const record of records) {
      const key = getPath(record, parent.parentKey);
      if (!key.found) {
        if (++skipped === 1) this.warnSkipped(parent, "a record");
        continue;
      }
      const partitionValues = { [parent.partitionField]: key.value, parent_slice: partition };
      yield makeSlice(partitionValues, {}, extraFields(record, parent.extraFields));
    }
    if (skipped > 1) this.warnSkipped(parent, `${skipped} records in all`);
  }

  private warnSkipped(parent: ParentStreamConfig, what: string): void {
    const key = parent.parentKey.join("/");
    this.logger.warn(`Parent stream '${parent.stream.name}': ${what} without '${key}' skipped (no partition for the child stream)`, {
      parentStream: parent.stream.name,
      parentKey: key,
    });
  }
}

/** The parent record's `extra_fields`, keyed by their dotted paths; a missing one is null, as in the kit. */
function extraFields(record: DataRecord, paths: readonly (readonly string[])[]): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const path of paths) {
    const found = getPath(record, path);
    extra[path.join(".")] = found.found ? found.value : null;
  }
  return extra;
}

/** The manifest component; see {@link SubstreamPartitionRouter}. */
export const SubstreamPartitionRouterComponent: ComponentFactory<SubstreamPartitionRouter> = defineComponent({
  type: "SubstreamPartitionRouter",
  kind: "partition_router",
  description: "One slice per record of a parent stream",
  examples: [{ parent_stream_configs: [{ type: "ParentStreamConfig", stream: "#/definitions/projects_stream", parent_key: "id", partition_field: "project_id" }] }],
  fieldDefaults: { parent_stream_configs: "ParentStreamConfig" },
  schema: Type.Object({
    parent_stream_configs: Type.Array(componentSchema("parent_stream_config")),
  }),
  async build(def, ctx) {
    const configs = def.parent_stream_configs;
    if (configs.length === 0) {
      throw new ManifestError("MANIFEST_INVALID", "A SubstreamPartitionRouter needs at least one parent stream", {
        where: { manifestPath: `${ctx.path}.parent_stream_configs` },
        expected: "one or more ParentStreamConfig",
        found: "[]",
      });
    }
    const parents: ParentStreamConfig[] = [];
    for (const [i, config] of configs.entries()) parents.push(await ctx.buildChild<ParentStreamConfig>(config, `${ctx.path}.parent_stream_configs[${i}]`));
    return new SubstreamPartitionRouter(parents, ctx.get(Logger));
  },
});
