import type { DataRecord, Stream, StreamPartitions } from "../../sdk/index.js";

/**
 * A stream that does not offer {@link Stream.partitions} (a custom retriever), read whole as one unit
 * of work. Its records are handed over in batches of up to `batch`; its state, the last one its read
 * reported, is emitted only when the read has ended, so it never claims unfinished work.
 *
 * @example
 * const parts = new WholeStream(customStream, { state });
 */
export class WholeStream implements StreamPartitions {
  readonly maxConcurrentSlices = 1;
  private last?: Record<string, unknown>;

  constructor(
    private readonly stream: Stream,
    private readonly options: { state?: Record<string, unknown>; batch?: number } = {},
  ) {}

  async *slices(): AsyncGenerator<Record<string, unknown>> {
    yield {};
  }

  async *readSlice(_slice: Record<string, unknown>, options: { signal?: AbortSignal } = {}): AsyncGenerator<DataRecord[]> {
    const size = this.options.batch ?? 100;
    let page: DataRecord[] = [];
    const records = this.stream.read({ signal: options.signal, state: this.options.state, onState: (state) => void (this.last = state) });
    for await (const record of records) {
      page.push(record);
      if (page.length >= size) {
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
