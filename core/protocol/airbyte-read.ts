import { SluiceError, type DataRecord, type PageReport } from "../../sdk/index.js";
import type { Connector } from "../connector/connector.js";
import type { ReadBatch } from "../scheduler/read-events.js";
import { selectStreams, type ConfiguredCatalog, type SelectedStream } from "./configured-catalog.js";
import { errorTraceMessage, estimateMessage, fullRefreshStateMessage, logMessage, recordMessage, stateMessage, streamStatusMessage, type AirbyteMessage } from "./messages.js";
import type { StreamStates } from "./stream-states.js";

/**
 * Options of {@link airbyteRead}.
 *
 * @example
 * { catalog: parseConfiguredCatalog(json), state: parseStreamStates(saved), concurrency: 4, signal }
 */
export interface AirbyteReadOptions {
  /** The configured catalog (see `parseConfiguredCatalog`): which streams, in which sync mode. Default: every stream, incremental where it has a cursor. */
  catalog?: ConfiguredCatalog;
  /** Read only these streams (in their natural sync mode), instead of the catalog's. */
  streams?: readonly string[];
  /** Each stream's saved state (see `parseStreamStates`); a stream read in `full_refresh` mode starts from none. */
  state?: StreamStates;
  /**
   * The page limit the host set (`createSluice({ readLimits: { maxPages } })`) and asked for: a stream
   * that reaches it ends COMPLETE with a warning (and no full-refresh STATE), not as a failure.
   */
  maxPages?: number;
  /** Slices read at once (default: the manifest's `concurrency_level`, else 2). */
  concurrency?: number;
  /** Stops the read. */
  signal?: AbortSignal;
  /** Called after every page (progress displays). */
  onPage?(report: PageReport): void;
}

/**
 * What {@link AirbyteRead.pages} yields: a protocol message, or a page of one stream's records (each
 * one RECORD message; a writer serialises them together, see `recordMessage`).
 *
 * @example
 * { type: "RECORDS", stream: "users", records: [{ id: 1 }, { id: 2 }] }
 */
export type AirbyteBatch = AirbyteMessage | { type: "RECORDS"; stream: string; records: DataRecord[] };

/** What one read came to, once it has ended. */
export interface AirbyteReadSummary {
  streams: number;
  records: number;
  pages: number;
  /** The streams that ended INCOMPLETE. */
  failed: string[];
}

/**
 * Reads streams as an Airbyte source does and yields its protocol messages: stream statuses (STARTED,
 * RUNNING, COMPLETE, INCOMPLETE), RECORDs, STATEs that are safe to save, ESTIMATE traces (where the
 * manifest gives `total_records`), an ERROR trace for each stream that failed (the others go on), and LOG
 * warnings. A full-refresh stream that was read completely ends with the kit's final STATE
 * (`__ab_no_cursor_state_message`). Selection and state problems (an unknown stream, `incremental` on a
 * stream without a cursor) are thrown by this function, before anything is read. Texts of errors are
 * redacted with the connector's secrets. `sluice read` is this function and a writer.
 *
 * @example
 * const read = await airbyteRead(connector, { catalog, state, signal });
 * for await (const message of read) process.stdout.write(`${JSON.stringify(message)}\n`);
 */
export async function airbyteRead(connector: Connector, options: AirbyteReadOptions = {}): Promise<AirbyteRead> {
  const warnings: AirbyteMessage[] = [];
  const selected = await selectStreams(connector, { catalog: options.catalog, names: options.streams, warn: (text) => warnings.push(logMessage("WARN", connector.redact(text))) });
  return new AirbyteRead(connector, selected, warnings, options);
}

/**
 * A running protocol read (see {@link airbyteRead}): `for await` yields one message at a time, `pages()`
 * the same with each page of records as one `RECORDS` batch; iterate it once.
 *
 * @example
 * for await (const batch of read.pages()) batch.type === "RECORDS" ? writeRecords(batch) : writeMessage(batch);
 */
export class AirbyteRead implements AsyncIterable<AirbyteMessage> {
  private readonly counts = new Map<string, number>();
  private readonly failed: string[] = [];
  private readonly pending: AirbyteMessage[];
  private pageCount = 0;

  constructor(
    private readonly connector: Connector,
    private readonly selected: readonly SelectedStream[],
    warnings: AirbyteMessage[],
    private readonly options: AirbyteReadOptions,
  ) {
    this.pending = warnings;
  }

  /** The read's counts so far (final once the read has ended). */
  summary(): AirbyteReadSummary {
    const records = [...this.counts.values()].reduce((a, b) => a + b, 0);
    return { streams: this.selected.length, records, pages: this.pageCount, failed: [...this.failed] };
  }

  async *pages(): AsyncGenerator<AirbyteBatch> {
    const { connector, options } = this;
    // An incremental stream starts from its saved state; `sync_mode: full_refresh` starts it from none.
    const state = new Map(this.selected.map((s) => [s.name, s.syncMode === "incremental" ? options.state?.get(s.name) : undefined]));
    const estimates = new Map<string, number>();
    const onPage = (report: PageReport) => {
      this.pageCount++;
      options.onPage?.(report);
      if (report.totalRecords === undefined) return;
      const estimate = (estimates.get(report.stream) ?? 0) + report.totalRecords;
      estimates.set(report.stream, estimate);
      this.pending.push(estimateMessage(report.stream, estimate));
    };
    const catalogSchemas = new Map(this.selected.flatMap((s) => (s.jsonSchema ? [[s.name, s.jsonSchema] as const] : [])));
    const read = connector.readAll({ streams: this.selected.map((s) => s.name), concurrency: options.concurrency, state, signal: options.signal, onPage, catalogSchemas });
    const batches = read.pages();
    try {
      for (let next = await batches.next(); !next.done; next = await batches.next()) {
        while (this.pending.length > 0) yield this.pending.shift()!;
        yield* this.messages(next.value);
      }
      while (this.pending.length > 0) yield this.pending.shift()!;
    } finally {
      await batches.return?.();
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<AirbyteMessage> {
    for await (const batch of this.pages()) {
      if (batch.type !== "RECORDS") yield batch as AirbyteMessage;
      else for (const record of (batch as { records: DataRecord[] }).records) yield recordMessage((batch as { stream: string }).stream, record);
    }
  }

  /** The protocol messages of one batch of the library's read. */
  private *messages(batch: ReadBatch): Generator<AirbyteBatch> {
    const { stream } = batch;
    if (batch.type === "records") {
      this.counts.set(stream, (this.counts.get(stream) ?? 0) + batch.records.length);
      yield { type: "RECORDS", stream, records: batch.records };
    } else if (batch.type === "state") {
      yield stateMessage(stream, batch.state, batch.recordCount);
    } else if (batch.status === "INCOMPLETE" && this.stoppedAtMaxPages(batch.error)) {
      // The host asked for at most N pages: a warning, COMPLETE, and no "whole stream read" state.
      const n = this.options.maxPages!;
      yield logMessage("WARN", `stream '${stream}': stopped after ${n} page${n === 1 ? "" : "s"} as --max-pages asks; the rest of the stream was not read`);
      yield streamStatusMessage(stream, "COMPLETE");
    } else if (batch.status === "INCOMPLETE") {
      this.failed.push(stream);
      yield streamStatusMessage(stream, "INCOMPLETE");
      yield this.errorTrace(batch.error, stream);
    } else {
      if (batch.status === "COMPLETE" && this.connector.stream(stream).cursorField === undefined) yield fullRefreshStateMessage(stream, this.counts.get(stream) ?? 0);
      yield streamStatusMessage(stream, batch.status);
    }
  }

  /** The ERROR trace of a stream's failure, located at the stream and redacted. */
  private errorTrace(error: unknown, stream: string): AirbyteMessage {
    const located = error instanceof SluiceError ? error.locate({ stream }) : error;
    const redact = (text: string) => this.connector.redact(text);
    const message = redact(located instanceof SluiceError ? located.describe() : located instanceof Error ? located.message : String(located));
    const internal = located instanceof Error && !(located instanceof SluiceError) && located.stack ? redact(located.stack) : undefined;
    return errorTraceMessage({ message, failureType: located instanceof SluiceError ? located.failureType : "system_error", internal, stream });
  }

  /** Whether a stream ended at the page cap the host asked for (not the library's safety cap). */
  private stoppedAtMaxPages(error: unknown): boolean {
    return error instanceof SluiceError && error.code === "PAGINATION_PAGE_CAP" && this.options.maxPages !== undefined;
  }
}
