import { stringifyJson } from "../../python/exact-json.js";
import type {
  DataRecord,
  IncrementalCursor,
  PartitionsOptions,
  RecordTransformation,
  Retriever,
  SliceOptions,
  SliceReadOptions,
  SliceReader,
  StreamPartitions,
  StreamSlice,
  StreamSlicer,
} from "../../sdk/index.js";

/** What a {@link DeclarativePartitions} reads with: the stream's parts, as `DeclarativeStream` built them. */
export interface DeclarativePartitionsParts {
  stream: string;
  retriever: Retriever & { sliceReader: NonNullable<Retriever["sliceReader"]> };
  /** The partition router and cursor windows combined (undefined: one unsliced read). */
  slicer?: StreamSlicer;
  cursor?: IncrementalCursor;
  transformations: readonly RecordTransformation[];
}

/**
 * A `DeclarativeStream` as units of work for Sluice's scheduler: its slices (partitions × cursor
 * windows, or one empty slice), each read a page at a time. A page's records are checked by the cursor
 * (records outside the sync window are dropped) and transformed with their slice, exactly as the
 * sequential read does. The cursor's state is asked for only when a slice is closed, and the cursor
 * keeps it at the end of the longest closed prefix, so a state never claims a slice still in flight.
 *
 * @example
 * const parts = new DeclarativePartitions({ stream: "comments", retriever, slicer, cursor, transformations: [] }, { state });
 */
export class DeclarativePartitions implements StreamPartitions {
  private readonly reader: SliceReader;
  readonly maxConcurrentSlices?: number;
  /** Whether a slice has been closed: `stream_state` is then the cursor's state, before it the saved one. */
  private closed = false;
  /** The state last returned by {@link closeSlice} (JSON), at first the one the read started from. */
  private lastState?: string;
  /** Whether {@link closeSlice} has returned a state. */
  private emitted = false;

  constructor(
    private readonly parts: DeclarativePartitionsParts,
    options: PartitionsOptions = {},
  ) {
    const { cursor } = parts;
    const saved = options.state ?? {};
    this.reader = parts.retriever.sliceReader(parts.stream, parts.slicer, cursor ? () => (this.closed ? cursor.state() : saved) : undefined);
    if (parts.retriever.sequentialSlices) this.maxConcurrentSlices = 1;
    cursor?.setState(options.state);
  }

  async *slices(options?: SliceOptions): AsyncGenerator<StreamSlice> {
    if (!this.parts.slicer) {
      yield {};
      return;
    }
    yield* this.parts.slicer.slices(options);
  }

  readSlice(slice: StreamSlice, options?: SliceReadOptions): AsyncIterable<DataRecord[]> {
    const pages = this.reader(slice, options);
    const { cursor, transformations } = this.parts;
    if (!cursor && transformations.length === 0) return pages;
    return checkedPages(pages, slice, cursor, transformations);
  }

  /**
   * The state once `slice` is closed, or undefined when closing it moved nothing (a window closed
   * while an earlier one is still in flight): a state message that claims nothing new would only
   * make the platform checkpoint again, and before the first window is done it would name the start.
   */
  closeSlice(slice: StreamSlice): Record<string, unknown> | undefined {
    const { cursor } = this.parts;
    if (!cursor) return undefined;
    this.lastState ??= stringifyJson(cursor.state());
    cursor.closeSlice(slice);
    this.closed = true;
    const state = cursor.state();
    const json = stringifyJson(state);
    if (json === this.lastState) return undefined;
    this.lastState = json;
    this.emitted = true;
    return state;
  }

  /**
   * The final state: always when no slice emitted one (a read emits at least one state, as the kit's
   * concurrent cursor ensures), else only when finishing moved it (partitions' windows kept back).
   */
  finish(): Record<string, unknown> | undefined {
    const { cursor } = this.parts;
    if (!cursor) return undefined;
    cursor.finish?.();
    const state = cursor.state();
    if (this.emitted && stringifyJson(state) === this.lastState) return undefined;
    return state;
  }
}

/** Each page's records, without those the cursor drops, transformed with their slice. */
async function* checkedPages(
  pages: AsyncIterable<DataRecord[]>,
  slice: StreamSlice,
  cursor: IncrementalCursor | undefined,
  transformations: readonly RecordTransformation[],
): AsyncGenerator<DataRecord[]> {
  const context = { streamSlice: slice };
  for await (const page of pages) {
    const kept = cursor ? page.filter((record) => cursor.observe(slice, record)) : page;
    for (const record of kept) for (const transformation of transformations) transformation.transform(record, context);
    if (kept.length > 0) yield kept;
  }
}
