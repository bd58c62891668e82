import type { DataRecord, StreamSlice } from "./records.js";
import type { RecordTransformation } from "./record-transformation.js";
import { flattenPages, readPartitions } from "./read-pages.js";
import type { PartitionsOptions, ReadOptions, Retriever, SliceReadOptions, SliceReader, StreamPartitions } from "./stream.js";
import type { IncrementalCursor, SliceOptions, StreamSlicer } from "./stream-slicer.js";
import { SluiceError } from "../errors/sluice-error.js";
import { isThenable } from "./awaitable.js";
import { WholeReadPartitions, type RecordsRetriever } from "./whole-read-partitions.js";

/**
 * What a stream reads its retriever with: the stream's parts, as `DeclarativeStream` built them.
 *
 * @example
 * { stream: "comments", retriever, slicer: combineSlicers([router, cursor]), cursor, transformations: [addFields] }
 */
export interface RetrieverPartitionsParts {
  stream: string;
  retriever: Retriever;
  /** The partition router and cursor windows combined (undefined: one unsliced read). */
  slicer?: StreamSlicer;
  cursor?: IncrementalCursor;
  transformations?: readonly RecordTransformation[];
}

/**
 * A retriever's read of one stream as units of work: {@link RetrieverPartitions} for a retriever
 * with a `sliceReader` (every built-in), {@link WholeReadPartitions} (one unit) for a custom
 * retriever written to the earlier `read(stream, options, slicing)` contract.
 *
 * @example
 * const parts = retrieverPartitions({ stream: "comments", retriever, slicer, cursor }, { state });
 */
export function retrieverPartitions(parts: RetrieverPartitionsParts, options: PartitionsOptions = {}): StreamPartitions {
  const { retriever } = parts;
  if (retriever.sliceReader) return new RetrieverPartitions({ ...parts, retriever: retriever as SliceReading }, options);
  if (typeof (retriever as Partial<RecordsRetriever>).read === "function") return new WholeReadPartitions({ ...parts, retriever: retriever as RecordsRetriever }, options);
  throw new SluiceError("RETRIEVER_CANNOT_READ", `The retriever of stream '${parts.stream}' defines neither sliceReader nor read`, {
    failureType: "config_error",
    where: { stream: parts.stream },
    expected: "a Retriever with sliceReader(stream, slicer, streamState), or read(stream, options, slicing)",
    found: retriever.constructor?.name ?? typeof retriever,
  });
}

/**
 * The records of a retriever used outside a stream (the properties of a `PropertiesFromEndpoint`, a
 * `DynamicSchemaLoader`'s schema, an `HttpComponentsResolver`'s components), one at a time: the same
 * read a stream makes, flattened.
 *
 * @example
 * for await (const record of readRetriever({ stream: "properties", retriever }, { signal })) names.push(record.name);
 */
export function readRetriever(parts: RetrieverPartitionsParts, options: ReadOptions = {}): AsyncIterableIterator<DataRecord> {
  return flattenPages(readPartitions(retrieverPartitions(parts, { state: options.state }), options));
}

type SliceReading = Retriever & { sliceReader: NonNullable<Retriever["sliceReader"]> };

/**
 * A stream read through its retriever's slice reader: its slices (partitions × cursor windows, or
 * one empty slice), each read a page at a time. A page's records are checked by the cursor (records
 * outside the sync window are dropped) and transformed with their slice. The cursor's state is asked
 * for only when a slice is closed, and the cursor keeps it at the end of the longest closed prefix, so
 * a state never claims a slice still in flight; a state that moved nothing is not emitted again.
 *
 * @example
 * const parts = new RetrieverPartitions({ stream: "comments", retriever, slicer, cursor }, { state });
 */
export class RetrieverPartitions implements StreamPartitions {
  private readonly reader: SliceReader;
  readonly maxConcurrentSlices?: number;
  /** Whether a slice has been closed: `stream_state` is then the cursor's state, before it the saved one. */
  private closed = false;
  /** The state last returned by {@link closeSlice} (JSON), at first the one the read started from. */
  private lastState?: string;
  /** Whether {@link closeSlice} has returned a state. */
  private emitted = false;
  private readonly transformations: readonly RecordTransformation[];

  constructor(
    private readonly parts: RetrieverPartitionsParts & { retriever: SliceReading },
    options: PartitionsOptions = {},
  ) {
    const { cursor } = parts;
    const saved = options.state ?? {};
    this.transformations = parts.transformations ?? [];
    this.reader = parts.retriever.sliceReader(parts.stream, parts.slicer, cursor ? () => (this.closed ? cursor.state() : saved) : () => saved);
    if (parts.retriever.sequentialSlices) this.maxConcurrentSlices = 1;
    parts.retriever.partitionRouter?.setStreamState?.(options.state);
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
    const { cursor } = this.parts;
    if (!cursor && this.transformations.length === 0) return pages;
    return checkedPages(pages, slice, cursor, this.transformations, options?.signal);
  }

  /**
   * The state once `slice` is closed, or undefined when closing it moved nothing (a window closed
   * while an earlier one is still in flight, or one that found nothing newer): a state message that
   * claims nothing new would only make the platform checkpoint again, and before the first window is
   * done it would name the start.
   */
  closeSlice(slice: StreamSlice): Record<string, unknown> | undefined {
    const { cursor } = this.parts;
    if (!cursor) return undefined;
    this.lastState ??= stateKey(cursor.state());
    cursor.closeSlice(slice);
    this.closed = true;
    const state = cursor.state();
    const json = stateKey(state);
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
    if (this.emitted && stateKey(state) === this.lastState) return undefined;
    return state;
  }
}

/**
 * Each page's records in the kit's order: transformed with their slice (the kit's record selector
 * transforms before its client-side filter), kept when the cursor's client-side filter syncs them, and
 * only then observed by the cursor, as the stream emits them.
 */
async function* checkedPages(
  pages: AsyncIterable<DataRecord[]>,
  slice: StreamSlice,
  cursor: IncrementalCursor | undefined,
  transformations: readonly RecordTransformation[],
  signal: AbortSignal | undefined,
): AsyncGenerator<DataRecord[]> {
  const context = { streamSlice: slice, signal };
  for await (const page of pages) {
    // A transformation's answer is awaited only when it is a promise (a Python transformation's).
    for (const transformation of transformations) {
      if (transformation.transformPage) {
        const done = page.length > 0 ? transformation.transformPage(page, context) : undefined;
        if (isThenable(done)) await done;
      } else {
        for (const record of page) {
          const done = transformation.transform(record, context);
          if (isThenable(done)) await done;
        }
      }
    }
    if (cursor?.checkPage) {
      const checked = page.length > 0 ? await cursor.checkPage(slice, page, signal) : [];
      if (checked.length > 0) yield checked;
      continue;
    }
    const synced = cursor?.shouldSync ? page.filter((record) => cursor.shouldSync!(slice, record)) : page;
    const kept = cursor ? synced.filter((record) => cursor.observe(slice, record)) : synced;
    if (kept.length > 0) yield kept;
  }
  if (cursor?.sliceRead) await cursor.sliceRead(slice, signal);
}

/** A state as text, to tell whether it moved; a cursor value past 2^53 is a bigint, which JSON.stringify refuses. */
function stateKey(state: unknown): string {
  return JSON.stringify(state, (_key, value: unknown) => (typeof value === "bigint" ? `${value}n` : value));
}
