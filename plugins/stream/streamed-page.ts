import { SELECTION_PAUSE, type DataRecord, type HttpResponse, type SelectionStats } from "../../sdk/index.js";

/**
 * A page of a streaming decoder (`JsonlDecoder`, `CsvDecoder`, gzip...), whose records are parsed as
 * they are taken instead of being collected first: a large export never sits in memory as records. It
 * counts what was taken and keeps the last record for the paginator; a decoding failure ends the page
 * after the records before it, and is kept for the reader to throw. A batch ends early at a
 * {@link SELECTION_PAUSE} (the selection asks its reader to give the event loop a turn).
 *
 * @example
 * const page = new StreamedPage(selector.select(response, context, stats)[Symbol.iterator](), response, stats, locate);
 * while (!page.ended) { use(page.takeBatch(1000)); await nextTurn(); }
 * if (page.failure) throw page.failure.error;
 */
export class StreamedPage {
  count = 0;
  last?: DataRecord;
  failure?: { error: unknown };
  private done = false;

  constructor(
    private readonly records: Iterator<DataRecord>,
    readonly response: HttpResponse,
    readonly stats: SelectionStats,
    private readonly locate: (error: unknown) => unknown,
  ) {}

  /** True once the page has no more records (its end, or a decoding failure: see `failure`). */
  get ended(): boolean {
    return this.done;
  }

  /** The next record; undefined at the end of the page, when decoding failed (see `failure`), or at a pause (see {@link ended}). */
  take(): DataRecord | undefined {
    if (this.done) return undefined;
    let step: IteratorResult<DataRecord>;
    try {
      step = this.records.next();
    } catch (error) {
      this.done = true;
      this.failure = { error: this.locate(error) };
      return undefined;
    }
    if (step.done) {
      this.done = true;
      return undefined;
    }
    if (step.value === SELECTION_PAUSE) return undefined;
    this.count++;
    this.last = step.value;
    return step.value;
  }

  /**
   * Up to `max` records, for a reader that hands out records a batch at a time; fewer (none, even) when
   * the page ended or the selection paused: {@link ended} tells which. A pause within `pauseEvery`
   * items of the batch's start is passed over (the reader gave the event loop a turn at that start), so
   * a page whose records are all kept comes in whole batches.
   */
  takeBatch(max: number): DataRecord[] {
    const batch: DataRecord[] = [];
    const start = this.stats.rawCount;
    const pauseEvery = this.stats.pauseEvery ?? Infinity;
    while (batch.length < max) {
      const record = this.take();
      if (record) batch.push(record);
      else if (this.done || this.stats.rawCount - start >= pauseEvery) break;
    }
    return batch;
  }

  /** The reader stopped: the decoder's generator is closed. */
  close(): void {
    if (!this.done) this.records.return?.();
    this.done = true;
  }
}
