import {
  makeSlice,
  sliceCursor,
  sliceExtraFields,
  slicePartition,
  thenMaybe,
  type Awaitable,
  type DataRecord,
  type IncrementalCursor,
  type OutgoingRequest,
  type SliceOptions,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import type { DatetimeBasedCursor } from "./datetime-based-cursor.js";

/** One partition known to a {@link PerPartitionCursor}: from the saved state, this read, or both. */
interface PartitionEntry {
  partition: Record<string, unknown>;
  /** The partition's cursor, once the read reaches the partition. */
  cursor?: DatetimeBasedCursor;
  /** The partition's saved cursor state (kept as is when the read does not reach the partition). */
  saved?: Record<string, unknown>;
  /** Whether a slice of the partition has been closed in this read: its cursor's state is then its progress. */
  closed?: boolean;
}

/** Where a slice of the combined stream comes from: its partition and the slice its cursor made. */
interface SliceOrigin {
  entry: PartitionEntry;
  inner: StreamSlice;
}

/**
 * One `DatetimeBasedCursor` per partition of a partition router (the kit's `ConcurrentPerPartitionCursor`):
 * each partition's windows start from its own saved cursor, else from the stream's global cursor, else
 * from the configured start; after each slice the state holds that partition's progress. The state has
 * the kit's per-partition shape, and a state in Sluice's single-cursor shape is read as the global cursor.
 * Used by `DeclarativeStream` for a stream with both a `partition_router` and an `incremental_sync`.
 *
 * As the kit's, the global `state` and `lookback_window` move only when the read saw a record with a
 * readable cursor value (until then no global `state` key is written and `lookback_window` stays as it
 * was, 0 on a first sync), and `parent_state` is written whenever the router reads parents, `{}` when no
 * parent is read incrementally.
 *
 * @example
 * // partition_router: SubstreamPartitionRouter (boards), incremental_sync: DatetimeBasedCursor (updated_at)
 * // state after a read:
 * // { "use_global_cursor": false,
 * //   "states": [{ "partition": { "board_id": 7, "parent_slice": {} }, "cursor": { "updated_at": "2024-03-01T00:00:00Z" } }],
 * //   "state": { "updated_at": "2024-03-01T00:00:00Z" }, "lookback_window": 12, "parent_state": {} }
 */
export class PerPartitionCursor implements IncrementalCursor {
  readonly cursorField: string;
  private entries = new Map<string, PartitionEntry>();
  private origins = new Map<StreamSlice, SliceOrigin>();
  private global?: Record<string, unknown>;
  private lookbackWindow = 0;
  /** The saved `parent_state`; the router's parents' states when the read began; and when it finished. */
  private parentState?: unknown;
  private startParentState?: unknown;
  private finalParentState?: unknown;
  private startedAt?: number;
  /** Whether a record of this read had a readable cursor value: only then do the global cursor and lookback move. */
  private sawCursorValue = false;
  private warnedDuplicate = false;
  /** A data feed's stop condition, asked of the slice's partition cursor; absent otherwise. */
  readonly stopsPagination?: (slice: StreamSlice, lastRecord: DataRecord) => boolean;

  constructor(
    private readonly router: StreamSlicer,
    private readonly template: DatetimeBasedCursor,
  ) {
    this.cursorField = template.cursorField;
    if (template.stopsPagination) {
      this.stopsPagination = (slice, lastRecord) => {
        const origin = this.origins.get(slice);
        return origin ? origin.entry.cursor!.stopsPagination!(origin.inner, lastRecord) : false;
      };
    }
  }

  setState(state: Record<string, unknown> | undefined): void {
    this.entries = new Map();
    this.origins = new Map();
    this.global = undefined;
    this.lookbackWindow = 0;
    this.parentState = undefined;
    this.startParentState = undefined;
    this.finalParentState = undefined;
    this.startedAt = undefined;
    this.sawCursorValue = false;
    const saved = state ?? {};
    if (Object.keys(saved).length === 0) return;
    if (!("states" in saved) && !("state" in saved)) {
      // Sluice's single-cursor shape (or the kit's global one): every partition starts from it.
      this.global = this.globalFrom(saved);
      return;
    }
    this.lookbackWindow = Number(saved.lookback_window ?? 0) || 0;
    this.parentState = saved.parent_state ?? undefined;
    for (const item of (Array.isArray(saved.states) ? saved.states : []) as Array<Record<string, unknown>>) {
      const partition = (item?.partition ?? {}) as Record<string, unknown>;
      this.entries.set(partitionKey(partition), { partition, saved: (item?.cursor ?? {}) as Record<string, unknown> });
    }
    if (saved.state && typeof saved.state === "object") this.global = this.globalFrom(saved.state as Record<string, unknown>);
  }

  async *slices(options?: SliceOptions): AsyncGenerator<StreamSlice> {
    this.startedAt ??= this.template.now();
    this.startParentState ??= this.router.parentStreamState?.();
    const generated = new Set<string>();
    for await (const routed of this.router.slices(options)) {
      const partition = slicePartition(routed);
      // A partition the router gives twice (a parent listing one id twice) is read once, as the kit.
      const key = partitionKey(partition);
      if (generated.has(key)) {
        if (!this.warnedDuplicate) this.template.warn(`Partition duplication detected for stream ${this.template.streamName}`);
        this.warnedDuplicate = true;
        continue;
      }
      generated.add(key);
      const entry = this.entry(partition);
      for await (const inner of entry.cursor!.slices()) {
        const slice = makeSlice(partition, sliceCursor(inner), sliceExtraFields(routed));
        this.origins.set(slice, { entry, inner });
        yield slice;
      }
    }
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): Awaitable<void> {
    return thenMaybe(this.router.applyToRequest(request, slice), () => this.template.applyToRequest(request, slice));
  }

  shouldSync(slice: StreamSlice, record: DataRecord): boolean {
    const origin = this.origins.get(slice);
    return origin ? origin.entry.cursor!.shouldSync(origin.inner, record) : true;
  }

  observe(slice: StreamSlice, record: DataRecord): boolean {
    const origin = this.origins.get(slice);
    if (!this.sawCursorValue && this.template.hasCursorValue(record)) this.sawCursorValue = true;
    return origin ? origin.entry.cursor!.observe(origin.inner, record) : true;
  }

  closeSlice(slice: StreamSlice): void {
    const origin = this.origins.get(slice);
    if (!origin) return;
    this.origins.delete(slice);
    origin.entry.cursor!.closeSlice(origin.inner);
    origin.entry.closed = true;
  }

  /**
   * The read is complete: the global cursor becomes the highest cursor of the partitions (as the kit, it
   * moves only at the end of a sync), and `lookback_window` the seconds the sync took; both only when a
   * record with a readable cursor value was seen.
   */
  finish(): void {
    // As the kit, the parents' states move into the child's state once every partition was read.
    this.finalParentState = this.router.parentStreamState?.();
    if (!this.sawCursorValue) return;
    let best = this.global;
    let bestValue = this.template.stateValue(best);
    for (const entry of this.entries.values()) {
      // As the kit, only the partitions of this read move the global cursor.
      if (!entry.cursor) continue;
      const state = entry.cursor.state();
      const value = this.template.stateValue(state);
      if (value && (!bestValue || bestValue.isBefore(value))) {
        best = { [this.cursorField]: state[this.cursorField] };
        bestValue = value;
      }
    }
    this.global = best;
    // The kit's timer rounds the sync's duration up to whole seconds.
    if (this.startedAt !== undefined) this.lookbackWindow = Math.max(0, Math.ceil((this.template.now() - this.startedAt) / 1000));
  }

  state(): Record<string, unknown> {
    const states = [...this.entries.values()]
      // A partition whose slices were only made (read ahead, none closed yet) keeps what was saved: the
      // state does not depend on how far ahead slices were produced.
      .map((entry) => ({ partition: entry.partition, cursor: entry.cursor && entry.closed ? entry.cursor.state() : entry.saved }))
      .filter((item) => item.cursor && Object.keys(item.cursor).length > 0);
    const state: Record<string, unknown> = { use_global_cursor: false, states };
    if (this.global) state.state = { ...this.global };
    state.lookback_window = this.lookbackWindow;
    // Until the read is done the parents' states stay where the read began: a parent read further than
    // the child's closed partitions must not be claimed (a resume would skip their children).
    const parentState = this.finalParentState ?? this.parentState ?? this.startParentState ?? this.router.parentStreamState?.();
    if (parentState !== undefined) state.parent_state = parentState;
    return state;
  }

  /** The partition's entry, with its cursor started from its saved state, else the global one, else the start. */
  private entry(partition: Record<string, unknown>): PartitionEntry {
    const key = partitionKey(partition);
    let entry = this.entries.get(key) ?? this.migratedEntry(partition, key);
    if (!entry) {
      entry = { partition };
      this.entries.set(key, entry);
    }
    if (!entry.cursor) {
      entry.cursor = this.template.fork();
      // A partition new to the saved state starts from the global cursor less the last sync's duration, as the kit.
      entry.cursor.setState(entry.saved ?? (this.global ? this.template.stateMinusSeconds(this.global, this.lookbackWindow) : undefined));
    }
    return entry;
  }

  /**
   * A saved entry keyed without `parent_slice`, as `LegacyToPerPartitionStateMigration` writes them (the
   * old format did not know the parent's partition): it becomes this partition's entry. The kit matches
   * partitions with their `parent_slice` and so ignores such a state; Sluice resumes from it.
   */
  private migratedEntry(partition: Record<string, unknown>, key: string): PartitionEntry | undefined {
    if (!("parent_slice" in partition)) return undefined;
    const { parent_slice: _, ...withoutParent } = partition;
    const legacyKey = partitionKey(withoutParent);
    const entry = this.entries.get(legacyKey);
    if (!entry || entry.cursor) return undefined;
    this.entries.delete(legacyKey);
    const adopted = { ...entry, partition };
    this.entries.set(key, adopted);
    return adopted;
  }

  /** The global cursor of a saved state: its cursor field only (validated now, so a bad value fails before any request). */
  private globalFrom(saved: Record<string, unknown>): Record<string, unknown> | undefined {
    return this.template.stateValue(saved) ? { [this.cursorField]: saved[this.cursorField] } : undefined;
  }
}

/**
 * A stable key of a partition: its JSON with the keys of every object sorted (the kit's
 * `PerPartitionKeySerializer`), so `{a: 1, b: 2}` and `{b: 2, a: 1}` are the same partition.
 */
export function partitionKey(partition: unknown): string {
  return JSON.stringify(sorted(partition));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value as object).sort().map((k) => [k, sorted((value as Record<string, unknown>)[k])]));
  }
  return value;
}
