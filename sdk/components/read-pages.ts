import type { DataRecord } from "./records.js";
import type { ReadOptions, Stream, StreamPartitions } from "./stream.js";

const DONE: IteratorResult<never> = { value: undefined, done: true };

/**
 * One read of a stream a page at a time, its slices one after another: the sequential reader of
 * {@link StreamPartitions} that every one-slice-at-a-time surface uses (`connector.read()`, a parent
 * stream read for its child's partitions, a check). `onSlice` is called as a slice starts; its state,
 * if closing it moved the state, goes to `onState` once every record of the slice was handed out, and
 * the final state once every slice was. A read stopped by `options.signal` ends with the signal's
 * reason and closes nothing: its states never claim work it did not finish.
 *
 * @example
 * for await (const page of readPages(stream, { state, onState: save })) write(page);
 */
export async function* readPages(stream: Stream, options: ReadOptions = {}): AsyncGenerator<DataRecord[]> {
  yield* readPartitions(stream.partitions({ state: options.state }), options);
}

/**
 * {@link readPages} over partitions already made.
 *
 * @example
 * for await (const page of readPartitions(stream.partitions({ state }), { signal })) write(page);
 */
export async function* readPartitions(partitions: StreamPartitions, options: ReadOptions = {}): AsyncGenerator<DataRecord[]> {
  const { signal, onState } = options;
  const sliceOptions = { signal, onPage: options.onPage, pagesPerSlice: options.pagesPerSlice };
  for await (const slice of partitions.slices({ signal })) {
    options.onSlice?.(slice);
    yield* partitions.readSlice(slice, sliceOptions);
    if (signal?.aborted) throw stopped(signal);
    const state = partitions.closeSlice(slice);
    if (state) onState?.(state);
  }
  if (signal?.aborted) throw stopped(signal);
  const state = partitions.finish();
  if (state) onState?.(state);
}

/**
 * The records of one read of a stream, one at a time: a flattening of {@link readPages}.
 *
 * @example
 * for await (const record of readRecords(stream, { signal })) console.log(record.id);
 */
export function readRecords(stream: Stream, options: ReadOptions = {}): AsyncIterableIterator<DataRecord> {
  return flattenPages(readPages(stream, options));
}

/**
 * A read a page at a time as single records. The records of a page already read are handed out as
 * resolved promises, without resuming a generator for each one (an `async *` here costs ~15% more CPU
 * per page of 100 records); the next page is asked for only when the last record was taken, so
 * `onSlice` and `onState` come between the records exactly where they belong. `return()` ends the
 * pages' read.
 *
 * @example
 * for await (const record of flattenPages(readPages(stream))) use(record);
 */
export function flattenPages<T>(pages: AsyncIterator<T[]>): AsyncIterableIterator<T> {
  let page: T[] = [];
  let index = 0;
  let ended = false;
  /** The page being fetched: a second `next()` meanwhile waits for it, as calls to a generator queue. */
  let busy: Promise<IteratorResult<T>> | undefined;
  const fill = async (): Promise<IteratorResult<T>> => {
    for (;;) {
      const next = await pages.next();
      if (next.done) {
        ended = true;
        return DONE;
      }
      page = next.value;
      index = 0;
      if (page.length > 0) return { value: page[index++]!, done: false };
    }
  };
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    next() {
      if (index < page.length) return Promise.resolve({ value: page[index++]!, done: false });
      if (ended) return Promise.resolve(DONE);
      if (busy) return busy.then(() => iterator.next());
      busy = fill().finally(() => {
        busy = undefined;
      });
      return busy;
    },
    async return() {
      ended = true;
      page = [];
      await pages.return?.();
      return DONE;
    },
  };
  return iterator;
}

/** The error a read stopped by its signal ends with: the signal's reason (an `AbortError` unless the stopper gave one). */
function stopped(signal: AbortSignal): unknown {
  return signal.reason;
}
