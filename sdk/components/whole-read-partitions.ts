import type { DataRecord, StreamSlice } from "./records.js";
import type { RecordTransformation } from "./record-transformation.js";
import { isThenable } from "./awaitable.js";
import type { PartitionsOptions, ReadOptions, Retriever, SliceReadOptions, Slicing, StreamPartitions } from "./stream.js";
import type { IncrementalCursor, StreamSlicer } from "./stream-slicer.js";

/** Records handed over at a time by a retriever read whole. */
const BATCH = 100;

/**
 * A retriever written to the earlier contract (a custom retriever without `sliceReader`): `read`
 * yields every record of the stream, reading the slices of `slicing` in turn (or one empty slice),
 * filtering them with its cursor and reporting the cursor's state after each slice to
 * `options.onState`.
 *
 * @example
 * class FirstPageOnly extends Retriever {
 *   async *read(stream: string, options: ReadOptions) { yield* firstPage(options.signal); }
 * }
 */
export interface RecordsRetriever extends Retriever {
  read(stream: string, options: ReadOptions, slicing?: Slicing): AsyncIterable<DataRecord>;
}

/**
 * The adapter for a custom retriever written to the earlier contract, `read(stream, options,
 * slicing)`: the whole read is one unit of work (one slice, never read alongside another), its
 * records handed over in pages of up to 100, each transformed with the slice the retriever said it
 * was reading (`options.onSlice`). The retriever reads the slices of `slicing` itself; the state it
 * reports through `options.onState` is kept, and the last one is emitted only when its read has
 * ended, so no state claims work that was not finished.
 *
 * @example
 * const parts = new WholeReadPartitions({ stream: "reports", retriever: legacy, slicer, cursor }, { state });
 */
export class WholeReadPartitions implements StreamPartitions {
  readonly maxConcurrentSlices = 1;
  private last?: Record<string, unknown>;

  constructor(
    private readonly parts: {
      stream: string;
      retriever: RecordsRetriever;
      slicer?: StreamSlicer;
      cursor?: IncrementalCursor;
      transformations?: readonly RecordTransformation[];
    },
    private readonly options: PartitionsOptions = {},
  ) {}

  async *slices(): AsyncGenerator<StreamSlice> {
    yield {};
  }

  async *readSlice(_slice: StreamSlice, options: SliceReadOptions = {}): AsyncGenerator<DataRecord[]> {
    const { stream, retriever, slicer, cursor } = this.parts;
    const transformations = this.parts.transformations ?? [];
    const state = this.options.state;
    if (slicer) cursor?.setState(state);
    const current = { slice: {} as StreamSlice };
    const read: ReadOptions = {
      signal: options.signal,
      onPage: options.onPage,
      pagesPerSlice: options.pagesPerSlice,
      state,
      onState: (next) => void (this.last = next),
      onSlice: (slice) => void (current.slice = slice),
    };
    let page: DataRecord[] = [];
    for await (const record of retriever.read(stream, read, slicer ? { slicer, cursor } : undefined)) {
      for (const transformation of transformations) {
        const done = transformation.transform(record, { streamSlice: current.slice, signal: options.signal });
        if (isThenable(done)) await done;
      }
      page.push(record);
      if (page.length >= BATCH) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  closeSlice(): Record<string, unknown> | undefined {
    return undefined;
  }

  finish(): Record<string, unknown> | undefined {
    return this.last;
  }
}
