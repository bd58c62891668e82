import { SluiceError, flattenPages, readPages, type ApiBudget, type CheckResult, type ConnectorConfig, type DataRecord, type ReadOptions, type Secrets, type Source, type Stream } from "../../sdk/index.js";
import { nearestMatch } from "../../pure/nearest-match.js";
import type { RequestSlots } from "../scheduler/request-slots.js";
import { abortableRecords } from "./abortable-records.js";
import type { ConnectorDefinition } from "./connector-definition.js";
import { DEFAULT_CONCURRENCY, ReadAll, type ReadAllOptions } from "./read-all.js";

/**
 * Options of `connector.read()`: the stream's read options, and how many of its slices to read at once.
 *
 * @example
 * connector.read("comments", { concurrency: 8, onState: (state) => save(state) })
 */
export interface ConnectorReadOptions extends ReadOptions {
  /**
   * Slices (partitions, date windows) of the stream read at once. Default 1 for `read()`: the records
   * come slice after slice, in order. Above 1, records of different slices interleave and
   * `onState` receives only states that are safe to save.
   */
  concurrency?: number;
}

/**
 * The records of one stream (`for await`, one at a time), or `pages()`: the same read a page of
 * records at a time, without a promise per record.
 *
 * @example
 * for await (const page of connector.read("users").pages()) write(page);
 */
export type RecordStream = AsyncIterable<DataRecord> & AsyncIterator<DataRecord> & { pages(): AsyncIterableIterator<DataRecord[]> };

/** How a connector reads: its `concurrency_level` and its request slots. */
interface ConnectorReadSettings {
  /** The manifest's `concurrency_level`, evaluated and clamped (undefined: the manifest is silent). */
  concurrencyLevel?: number;
  /** The connector's limit on requests in flight, resized to each read's concurrency. */
  slots?: RequestSlots;
  /** The connector's API budget (from `api_budget`, or the host's), if any. */
  apiBudget?: ApiBudget;
  /** The registry of the connector's secrets (its config's secret fields, tokens it obtained). */
  secrets?: Secrets;
}

/**
 * A connector built for one config: list its streams, check the config, read a stream.
 *
 * @example
 * const connector = await sluice.connect({ path: "manifest.yaml", config });
 * console.log(connector.streamNames);
 * for await (const record of connector.read("users")) console.log(record);
 */
export class Connector {
  private readonly byName: ReadonlyMap<string, Stream>;

  constructor(
    readonly definition: ConnectorDefinition,
    private readonly source: Source,
    readonly config: ConnectorConfig,
    private readonly settings: ConnectorReadSettings = {},
  ) {
    this.byName = new Map(source.streams.map((s) => [s.name, s]));
  }

  /**
   * The connector's API budget (its manifest's `api_budget`, or one the host registered), if any.
   * Another connector on the same API account can share it:
   * `sluice.connect({ ..., services: [[ApiBudget, first.apiBudget]] })`.
   */
  get apiBudget(): ApiBudget | undefined {
    return this.settings.apiBudget;
  }

  /**
   * `text` with every secret the connector knows masked (its config's secret fields, the tokens it
   * obtained): for anything a host prints or stores (an error's message, a log line).
   *
   * @example
   * console.error(connector.redact(error.message));
   */
  redact(text: string): string {
    return this.settings.secrets ? this.settings.secrets.redact(text) : text;
  }

  /** The concurrency of a read that sets none: the manifest's `concurrency_level`, else {@link DEFAULT_CONCURRENCY}. */
  get concurrency(): number {
    return this.settings.concurrencyLevel ?? DEFAULT_CONCURRENCY;
  }

  get streamNames(): string[] {
    return [...this.byName.keys()];
  }

  get streams(): readonly Stream[] {
    return this.source.streams;
  }

  /** The stream called `name`; an unknown name lists the streams and the nearest match. */
  stream(name: string): Stream {
    const stream = this.byName.get(name);
    if (stream) return stream;
    const near = nearestMatch(name, this.streamNames);
    throw new SluiceError("STREAM_NOT_FOUND", `The connector has no stream '${name}'${near ? ` (did you mean ${near}?)` : ""}`, {
      failureType: "config_error",
      where: { file: this.definition.source.file },
      expected: `one of: ${this.streamNames.join(", ")}`,
      found: name,
    });
  }

  /** Checks the config as the manifest's `check` says (by default, reads the first page of the first stream). */
  async check(signal?: AbortSignal): Promise<CheckResult> {
    if (this.source.check) return this.source.check.check(this.byName, signal);
    const first = this.source.streams[0];
    if (!first) return { ok: false, message: "The connector defines no stream" };
    try {
      for await (const _record of this.read(first.name, { signal })) break;
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof SluiceError ? error.describe() : String(error) };
    }
  }

  /**
   * The records of one stream, as they are read. Stopping early (`break`, or `return()` on the
   * iterator) aborts the request in flight. `pages()` hands the records over a page at a time.
   */
  read(name: string, options: ConnectorReadOptions = {}): RecordStream {
    const stream = this.stream(name);
    const concurrency = options.concurrency ?? 1;
    // One read path: the stream's partitions, a page at a time; records are those pages flattened.
    const pages = (): AsyncIterableIterator<DataRecord[]> =>
      concurrency > 1
        ? this.scheduledPages(stream, options, concurrency)
        : (abortableRecords((signal) => readPages(stream, { ...options, signal }), options.signal) as AsyncIterableIterator<DataRecord[]>);
    return Object.assign(flattenPages(lazyPages(pages)), { pages });
  }

  /**
   * Reads several streams at once: up to `concurrency` slices of all of them in flight (default: the
   * manifest's `concurrency_level`, else 2). Yields records tagged with their stream, states safe to
   * save, and stream statuses; `pages()` yields the same a page at a time. A failing stream ends
   * `INCOMPLETE` (its records already read are delivered); the others go on.
   *
   * @example
   * for await (const message of connector.readAll({ streams: ["users", "events"], concurrency: 8 })) {
   *   if (message.type === "record") save(message.stream, message.record);
   *   if (message.type === "state") saveState(message.stream, message.state);
   *   if (message.type === "status" && message.status === "INCOMPLETE") console.error(message.error);
   * }
   */
  readAll(options: ReadAllOptions = {}): ReadAll {
    const streams = (options.streams ?? this.streamNames).map((name) => this.stream(name));
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? this.concurrency));
    this.settings.slots?.resize(concurrency);
    return new ReadAll(streams, { ...options, concurrency, groups: this.source.streamGroups });
  }

  /** One stream through the scheduler, a page at a time; its states go to `options.onState`, a failure is thrown. */
  private scheduledPages(stream: Stream, options: ConnectorReadOptions, concurrency: number): AsyncIterableIterator<DataRecord[]> {
    const read = this.readAll({ streams: [stream.name], concurrency, signal: options.signal, onPage: options.onPage, state: { [stream.name]: options.state } });
    const batches = read.pages();
    const iterator: AsyncIterableIterator<DataRecord[]> = {
      [Symbol.asyncIterator]: () => iterator,
      async next() {
        for (;;) {
          const next = await batches.next();
          if (next.done) return next;
          const batch = next.value;
          if (batch.type === "records") return { value: batch.records, done: false };
          if (batch.type === "state") options.onState?.(batch.state);
          // A read stopped by the host's signal ends with the signal's reason (the read's end throws it), as at concurrency 1.
          if (batch.type === "status" && batch.status === "INCOMPLETE" && !options.signal?.aborted) throw batch.error;
        }
      },
      return: async () => {
        await batches.return?.();
        return { value: undefined, done: true };
      },
    };
    return iterator;
  }
}

/** Pages whose read starts at the first `next()` (a `read()` used only for `.pages()` starts no second read). */
function lazyPages(start: () => AsyncIterator<DataRecord[]>): AsyncIterator<DataRecord[]> {
  let pages: AsyncIterator<DataRecord[]> | undefined;
  return {
    next: () => (pages ??= start()).next(),
    return: async () => (pages?.return ? pages.return() : { value: undefined, done: true }),
  };
}
