import { setMaxListeners } from "node:events";
import { SluiceError, readRoot, setCatalogSchemas, type JsonSchema, type PageReport, type Stream, type StreamPartitions } from "../../sdk/index.js";
import type { ReadBatch, ReadMessage } from "../scheduler/read-events.js";
import { scheduleRead } from "../scheduler/read-scheduler.js";
import type { RecordQueue } from "../scheduler/record-queue.js";

/**
 * Options of `connector.readAll()`.
 *
 * @example
 * connector.readAll({ streams: ["users", "events"], concurrency: 8, state: { events: { updated_at: "2024-03-01T00:00:00Z" } } })
 */
export interface ReadAllOptions {
  /** The streams to read, in order of preference (default: every stream). */
  streams?: readonly string[];
  /**
   * How many slices (partitions, date windows, streams) are read at once, and so the most requests in
   * flight. Default: the manifest's `concurrency_level`, else {@link DEFAULT_CONCURRENCY}.
   */
  concurrency?: number;
  /** Each stream's saved state, by stream name (incremental streams start from it). */
  state?: Readonly<Record<string, Record<string, unknown> | undefined>> | ReadonlyMap<string, Record<string, unknown> | undefined>;
  /** Stops the read: every request in flight is aborted. */
  signal?: AbortSignal;
  /** Called after every page of every stream. */
  onPage?(report: PageReport): void;
  /** The configured catalog's schema of each stream (the columns selected); a `JsonSchemaPropertySelector` asks only for those. */
  catalogSchemas?: ReadonlyMap<string, JsonSchema>;
}

/**
 * The concurrency when neither the manifest (`concurrency_level`), the host nor the CLI sets one: 2,
 * what the Python kit runs a manifest without `concurrency_level` with (its lowest safe level), so a
 * connector written for the kit never puts more load on its API under Sluice than under the kit.
 * Raise it with `concurrency_level`, `readAll({ concurrency })` or `sluice read --concurrency N`.
 */
export const DEFAULT_CONCURRENCY = 2;

/**
 * A running multi-stream read. `for await` over it yields one message at a time (records tagged
 * with their stream, states, stream statuses); `pages()` yields the same read a page of records at a
 * time (no promise per record: the CLI's path). Stopping early (`break`, `return()`) aborts every
 * request in flight (and the async jobs still running on the API) before `return()` resolves.
 *
 * @example
 * const read = connector.readAll({ streams: ["users"], concurrency: 4 });
 * for await (const batch of read.pages()) if (batch.type === "records") write(batch.records);
 */
export class ReadAll implements AsyncIterable<ReadMessage> {
  private readonly controller = new AbortController();
  private queue?: RecordQueue<ReadBatch>;

  constructor(
    private readonly streams: readonly Stream[],
    private readonly options: ReadAllOptions & { concurrency: number; groups?: Readonly<Record<string, string>> },
  ) {
    // Each stream of the read listens to its signal (as many as the streams read): not a leak.
    setMaxListeners(0, this.controller.signal);
    const outer = options.signal;
    if (outer?.aborted) this.controller.abort(outer.reason);
    else outer?.addEventListener("abort", () => this.controller.abort(outer.reason), { once: true });
  }

  /** The read a page at a time. */
  pages(): AsyncIterableIterator<ReadBatch> {
    const queue = this.start();
    const iterator: AsyncIterableIterator<ReadBatch> = {
      [Symbol.asyncIterator]: () => iterator,
      next: () => queue.pull().then((batch) => (batch ? { value: batch, done: false } : this.end())),
      return: async () => {
        await this.stop();
        return { value: undefined, done: true };
      },
    };
    return iterator;
  }

  [Symbol.asyncIterator](): AsyncIterator<ReadMessage> {
    const pages = this.pages();
    let batch: Extract<ReadBatch, { type: "records" }> | undefined;
    let index = 0;
    return {
      next: async (): Promise<IteratorResult<ReadMessage>> => {
        for (;;) {
          if (batch && index < batch.records.length) return { value: { type: "record", stream: batch.stream, record: batch.records[index++]! }, done: false };
          batch = undefined;
          const next = await pages.next();
          if (next.done) return next;
          if (next.value.type !== "records") return { value: next.value, done: false };
          batch = next.value;
          index = 0;
        }
      },
      return: async () => {
        await pages.return!();
        return { value: undefined, done: true };
      },
    };
  }

  private start(): RecordQueue<ReadBatch> {
    if (this.queue) {
      throw new SluiceError("READ_ALREADY_STARTED", "This read was already started: a readAll() is iterated once", {
        failureType: "system_error",
        expected: "one for-await (or one pages()) per connector.readAll() call",
        found: "a second iteration",
      });
    }
    const state = this.options.state;
    const stateOf = (name: string) => (state instanceof Map ? state.get(name) : (state as Record<string, Record<string, unknown> | undefined> | undefined)?.[name]);
    if (this.options.catalogSchemas?.size) setCatalogSchemas(readRoot(this.controller.signal)!, this.options.catalogSchemas);
    const scheduled = this.streams.map((stream) => ({ name: stream.name, partitions: partitionsOf(stream, stateOf(stream.name)), group: this.options.groups?.[stream.name] }));
    this.queue = scheduleRead(scheduled, { concurrency: this.options.concurrency, signal: this.controller.signal, onPage: this.options.onPage });
    return this.queue;
  }

  private end(): IteratorResult<ReadBatch> {
    if (this.options.signal?.aborted) throw this.options.signal.reason ?? new Error("the read was aborted");
    return { value: undefined, done: true };
  }

  /**
   * Aborts every request in flight and waits for the workers, which end at once but first abort what
   * they left running on the API (an async job, each abort time-limited), as a read stopped by its
   * signal does: when `return()` resolves, nothing of the read runs any more.
   */
  private async stop(): Promise<void> {
    this.controller.abort(new Error("the read was stopped by its consumer"));
    this.queue?.stop();
    await this.queue?.closed;
  }
}

/**
 * A stream's units of work. A stream that cannot even start (a saved state its cursor cannot read)
 * fails on its own, as INCOMPLETE, instead of failing the whole read.
 */
function partitionsOf(stream: Stream, state: Record<string, unknown> | undefined): StreamPartitions {
  try {
    return stream.partitions({ state });
  } catch (error) {
    return {
      async *slices() {
        throw error;
      },
      readSlice: async function* () {},
      closeSlice: () => undefined,
      finish: () => undefined,
    };
  }
}
