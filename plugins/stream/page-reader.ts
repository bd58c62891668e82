import { parseJson, stringifyJson } from "../../python/exact-json.js";
import type { DataRecord, Decoder, HttpResponse, ObservedPage, PageFacts, PageReport, Paginator, ReadObserver, RecordSelector, Requester, Secrets, SliceReadOptions, StreamSlice, StreamSlicer } from "../../sdk/index.js";
import { isThenable, linkSignal } from "../../sdk/index.js";
import type { ProgressGuard } from "../shared/progress-guard.js";
import { fetchPage, type FetchedPage, type UnpaginatedPage } from "./page-fetch.js";
import type { StreamedPage } from "./streamed-page.js";
import type { TotalRecords } from "./total-records.js";

/** What a {@link PageReader} reads with: the retriever's parts and this read's slice and options. */
export interface PageReaderParts {
  stream: string;
  slice: StreamSlice;
  options: SliceReadOptions;
  requester: Requester;
  selector: RecordSelector;
  paginator: Paginator;
  guard: ProgressGuard;
  /** The slicer whose request options go into each request (absent for an unsliced read). */
  slicer?: StreamSlicer;
  /** `ignore_stream_slicer_parameters_on_paginated_requests`. */
  sliceOptionsOnFirstPageOnly: boolean;
  /** The registry the URL of a page report (`onPage`) is redacted with: it carries a signature, an API key in the query. */
  secrets?: Secrets;
  /** Who watches the read (absent: no page is reported), and the registry its records are redacted with. */
  observe?: { observer: ReadObserver; secrets: Secrets };
  /** The stream's current state, for requester templates that read `stream_state`. */
  state?: () => Record<string, unknown>;
  /** The retriever's decoder; absent for JSON. */
  decoder?: Decoder;
  /** Reads the API's total record count from the first page (`total_records`), reported with that page. */
  totalRecords?: TotalRecords;
  /**
   * Whether the next page may be requested before the current one is handed out (see
   * `PageReader.readAhead`): only when neither the paginator's decision nor the next request can change
   * while the page is being taken, i.e. the paginator reads no record's content (records may still be
   * transformed in place after they are handed out) and the requester does not read `stream_state`.
   */
  readAhead?: boolean;
}

const PAGES_DONE: IteratorResult<DataRecord[]> = { value: undefined, done: true };
/** The records of a streamed page handed out at a time by the page-batched path. */
const STREAMED_BATCH = 1000;

/**
 * The records of one slice, a page at a time: the loop of `SimpleRetriever` (build the request, let
 * the progress guard check it, send it, select the page's records, hand them out, ask the paginator
 * for the next token) as a hand-written async iterator over pages ({@link PageReader.pages}), with no
 * generator in between. Nothing accumulates across pages; `onPage` runs once the page was taken (when
 * the next one is asked for); a record filter that fails on a record fails the read after the records
 * before it were delivered; `return()` ends the read. A page of a streaming decoder is not collected:
 * its records are parsed as they are taken ({@link StreamedPage}), a batch at a time. When it is safe
 * (`readAhead`), the next page is requested before the current one is handed out
 * ({@link PageReader.readAhead}); reading a page is page-fetch.ts.
 *
 * @example
 * const reader = new PageReader({ stream: "users", slice: {}, options: {}, requester, selector, paginator, guard, sliceOptionsOnFirstPageOnly: false, state: () => ({}) });
 * for await (const page of reader.pages()) write(page);
 */
export class PageReader {
  private records: DataRecord[] = [];
  private started = false;
  private finished = false;
  /** Pages requested in this slice (a page read ahead included). */
  private page = 0;
  /** The number of the page being handed out. */
  private pageNumber = 0;
  private token: unknown;
  /** The page whose records are being handed out, until the paginator has seen it (`count`/`last` for a streamed page). */
  private current?: UnpaginatedPage;
  /** The paginator's decision on the current page, when it was taken before the page was handed out. */
  private decision?: Decision | Promise<Decision>;
  /** The next page, requested before the current one was handed out (see {@link readAhead}). */
  private ahead?: Promise<FetchedPage | undefined>;
  private aheadAbort?: AbortController;
  private unlinkOuter?: () => void;
  /** The streamed page whose records are being parsed and handed out. */
  private streamed?: StreamedPage;
  /** The streamed page has handed out a batch (or paused): the event loop gets a turn before the next. */
  private streamedTurn = false;
  /** An error from selecting the current page, thrown after the records before it. */
  private failure?: { error: unknown };
  /** The property chunks of a requester with `QueryProperties`: each page is one request per chunk. */
  private chunks?: string[][];

  constructor(private readonly parts: PageReaderParts) {}

  private finish(): void {
    this.finished = true;
    if (this.ahead) this.aheadAbort?.abort(new Error("the read was stopped by its consumer"));
    this.ahead = undefined;
    this.decision = undefined;
    this.unlink();
    this.streamed?.close();
    this.streamed = undefined;
    this.records = [];
    this.current = undefined;
  }

  /**
   * Up to {@link STREAMED_BATCH} records of the streamed page (undefined once it has none left); at its
   * end (or failure) the page goes to the paginator (or the failure is kept). Between batches, and at
   * each pause of the selection, the event loop gets a turn: a body that takes seconds to decode and
   * filter still lets a stop (SIGTERM, Ctrl-C, a consumer's abort) be handled at once, and ends the read
   * with the signal's reason.
   */
  private async streamedBatch(): Promise<DataRecord[] | undefined> {
    for (;;) {
      const page = this.streamed!;
      if (this.streamedTurn) {
        await nextTurn();
        const signal = this.parts.options.signal;
        if (this.finished) return undefined;
        if (signal?.aborted) {
          this.finish();
          throw signal.reason;
        }
      }
      const batch = page.takeBatch(STREAMED_BATCH);
      this.streamedTurn = !page.ended;
      if (page.ended) {
        this.streamed = undefined;
        if (page.failure) this.failure = page.failure;
        else this.current = { response: page.response, rawCount: page.stats.rawCount, count: page.count, last: page.last };
      }
      if (batch.length > 0) return batch;
      if (page.ended) return undefined;
    }
  }

  /**
   * The records of the next page that has any, all at once (undefined at the end): one promise per
   * page, not one per record. A page whose selection failed part-way hands out the records before
   * the failure; the next call throws.
   *
   * @example
   * for (let page = await reader.nextPage(); page; page = await reader.nextPage()) write(page);
   */
  async nextPage(): Promise<DataRecord[] | undefined> {
    if (this.streamed) {
      const batch = await this.streamedBatch();
      if (batch) return batch;
    }
    for (;;) {
      if (!(await this.loadPage())) return undefined;
      if (this.records.length > 0) return this.records;
      if (this.streamed) {
        const batch = await this.streamedBatch();
        if (batch) return batch;
      }
    }
  }

  /**
   * This read a page at a time, as an async iterator over {@link nextPage} (no generator in between);
   * its `return()` ends the read.
   *
   * @example
   * for await (const page of reader.pages()) write(page);
   */
  pages(): AsyncIterableIterator<DataRecord[]> {
    const onPage = (page: DataRecord[] | undefined): IteratorResult<DataRecord[]> => (page ? { value: page, done: false } : PAGES_DONE);
    const pages: AsyncIterableIterator<DataRecord[]> = {
      [Symbol.asyncIterator]: () => pages,
      next: () => this.nextPage().then(onPage),
      return: async () => {
        this.finish();
        return PAGES_DONE;
      },
    };
    return pages;
  }

  /** Reads the next page into `records` (empty pages included); false when the read is over. */
  private async loadPage(): Promise<boolean> {
    const { parts } = this;
    if (!this.started) {
      this.started = true;
      parts.guard.startPartition();
      // A Python strategy's initial_token comes as a promise.
      const initial = parts.paginator.initialToken;
      this.token = isThenable(initial) ? await initial : initial;
      this.chunks = await parts.requester.queryProperties?.chunks(parts.options.signal);
    }
    if (this.failure) {
      const { error } = this.failure;
      this.finish();
      this.failure = undefined;
      throw error;
    }
    if (this.finished) {
      this.finish();
      return false;
    }
    const advancing = this.advance();
    if (!(isThenable(advancing) ? await advancing : advancing) || this.finished) {
      this.finish();
      return false;
    }
    let fetched: FetchedPage | undefined;
    try {
      const ahead = this.ahead;
      this.ahead = undefined;
      fetched = await (ahead ?? this.fetch(this.token, parts.options.signal));
    } catch (error) {
      // return() was called while the page was in flight: its request was aborted, the read is over.
      if (this.finished) return false;
      this.unlink();
      throw error;
    }
    if (!fetched || this.finished) return false;
    this.records = fetched.records;
    this.pageNumber = fetched.page;
    this.current = fetched.unpaginated;
    this.streamed = fetched.streamed;
    this.streamedTurn = false;
    this.failure = fetched.failure;
    this.readAhead();
    // The request read ahead is on the wire only after the transport's deferred work (Node's HTTP
    // agent writes on the next tick, which waits for every pending promise callback, the consumer's
    // work on this page included): let it go out first, so that work overlaps the API's answer.
    if (this.ahead) {
      await nextTurn();
      if (this.finished) return false;
    }
    return true;
  }

  /** Reads one page (see page-fetch.ts); undefined when the read ended while it was in flight. */
  private fetch(token: unknown, signal: AbortSignal | undefined): Promise<FetchedPage | undefined> {
    return fetchPage(this.parts, { page: ++this.page, token, chunks: this.chunks, signal, ended: () => this.finished });
  }

  /**
   * Sends the next page's request before this page is handed out, when nothing the request is built
   * from can change while the page is being taken (see {@link PageReaderParts.readAhead}): the
   * consumer's work on this page (writing it out, transforming it) then overlaps the API's answer.
   * The pages of a slice stay one after another, each token from the page before; at most one page
   * is read ahead; a failure of that request is thrown once this page has been taken. The page is
   * handed out on the event loop's next turn, once the request has been written (see `loadPage`).
   */
  private readAhead(): void {
    const current = this.current;
    if (!this.parts.readAhead || !current || this.streamed || current.response.ignored) return;
    let decision: Decision | Promise<Decision>;
    try {
      decision = this.decide(current, this.records.length, this.records.at(-1), this.records);
    } catch {
      // A paginator that fails on this page (a page_size template rendering no integer) fails the read
      // only once the page's records have been handed out: advance() asks it again then, and throws.
      return;
    }
    if (isThenable(decision)) {
      // A paginator answering asynchronously: its answer is awaited once the page was handed out (where
      // a failure is thrown), and nothing is read ahead.
      decision.catch(() => undefined);
      this.decision = decision;
      return;
    }
    this.decision = decision;
    if (!decision.more || decision.capped) return;
    const ahead = this.fetch(this.token, this.aheadSignal());
    ahead.catch(() => undefined);
    this.ahead = ahead;
  }

  /**
   * The signal of the requests sent ahead: the read's own, and aborted as well when the read ends
   * with one in flight (a consumer that stops early does not wait for, nor leave, a request it will
   * never use). Made once per slice; the link to the read's signal is dropped when the slice ends.
   */
  private aheadSignal(): AbortSignal {
    if (!this.aheadAbort) {
      const controller = new AbortController();
      const outer = this.parts.options.signal;
      linkSignal(controller.signal, outer);
      this.aheadAbort = controller;
      if (outer?.aborted) controller.abort(outer.reason);
      else if (outer) {
        this.unlinkOuter = () => outer.removeEventListener("abort", onAbort);
        const onAbort = () => controller.abort(outer.reason);
        outer.addEventListener("abort", onAbort, { once: true });
      }
    }
    return this.aheadAbort.signal;
  }

  /** Drops the link from the read's signal to the read-ahead signal. */
  private unlink(): void {
    this.unlinkOuter?.();
    this.unlinkOuter = undefined;
  }

  /** The paginator's decision on a page: the next token, and whether the read goes on to it. */
  private decide(current: UnpaginatedPage, count: number, last: DataRecord | undefined, records: DataRecord[] | undefined): Decision | Promise<Decision> {
    const { options, paginator, slicer, slice } = this.parts;
    const facts: PageFacts = { response: current.response, records, count, rawCount: current.rawCount, lastRecord: last, lastToken: this.token };
    // A data feed's cursor ends the slice before the paginator is asked, as the kit's stop-condition decorator.
    const fed = last !== undefined && slicer?.stopsPagination?.(slice, last) === true;
    const decided = (token: unknown): Decision => {
      this.token = token;
      const more = token !== undefined && token !== null;
      const capped = more && options.pagesPerSlice !== undefined && this.pageNumber >= options.pagesPerSlice;
      return { more, capped, facts, fed };
    };
    const token: unknown = fed ? undefined : paginator.nextPageToken(facts);
    // Awaited only when it is a promise (a Python strategy's): a built-in's token is decided at once.
    return isThenable(token) ? token.then(decided) : decided(token);
  }

  /** After a page was handed out: report it, and the paginator's decision on it; false when the read is over. */
  private advance(): boolean | Promise<boolean> {
    const current = this.current;
    if (!current) return this.page === 0;
    this.current = undefined;
    const { stream, options, paginator } = this.parts;
    const records = this.records;
    const streamed = current.count !== undefined;
    const count = streamed ? current.count! : records.length;
    const page = this.pageNumber;
    const total = page === 1 && (options.onPage || this.parts.observe) ? this.parts.totalRecords?.(current.response, this.parts.slice) : undefined;
    if (options.onPage) {
      const url = this.parts.secrets ? this.parts.secrets.redact(current.response.url) : current.response.url;
      const report: PageReport = { stream, page, records: count, url };
      if (total !== undefined) report.totalRecords = total;
      options.onPage(report);
    }
    if (current.response.ignored) {
      if (this.parts.observe) this.observe(records, undefined, "the error handler ignored the response", total);
      return false;
    }
    // Decided already when the next page was read ahead. A streamed page's records were handed out as
    // parsed, not kept: the paginator gets their count and the last one.
    const decided = this.decision ?? this.decide(current, count, streamed ? current.last : records.at(-1), streamed ? undefined : records);
    this.decision = undefined;
    return isThenable(decided) ? decided.then((decision) => this.decided(decision, records, total)) : this.decided(decided, records, total);
  }

  /** The paginator's decision on the page just handed out, reported; false when the read is over. */
  private decided({ more, capped, facts, fed }: Decision, records: DataRecord[], total: number | undefined): boolean {
    const { options, paginator } = this.parts;
    if (this.parts.observe) {
      const reason = fed ? "the page's last record is older than the cursor (is_data_feed)" : !more ? stopReason(paginator, facts, records) : capped ? `the limit of ${options.pagesPerSlice} page${options.pagesPerSlice === 1 ? "" : "s"} per slice was reached` : undefined;
      this.observe(records, more ? this.token : undefined, reason, total);
    }
    return more && !capped;
  }

  /** Reports the page just handed out (its records transformed in place by then) and the pagination decision. */
  private observe(records: readonly DataRecord[], token: unknown, reason: string | undefined, totalRecords?: number): void {
    const { observer, secrets } = this.parts.observe!;
    const redacted = records.length ? (parseJson(secrets.redact(stringifyJson(records))) as DataRecord[]) : [];
    const stream = this.parts.stream;
    const slice = parseJson(secrets.redact(stringifyJson(this.parts.slice))) as StreamSlice;
    const page: ObservedPage = { stream, slice, page: this.pageNumber, records: redacted };
    if (token !== undefined) page.nextPageToken = token;
    if (reason !== undefined) page.stopReason = reason;
    if (totalRecords !== undefined) page.totalRecords = totalRecords;
    observer.page?.(page);
  }
}

/**
 * Resolves on the event loop's next turn, once every callback already queued (promise callbacks and
 * `process.nextTick`) has run: about a microsecond.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The paginator's decision on a page. */
interface Decision {
  more: boolean;
  /** The read would go on but stops at `pagesPerSlice`. */
  capped: boolean;
  /** What the paginator decided on. */
  facts: PageFacts;
  /** A data feed's cursor ended the slice (see `StreamSlicer.stopsPagination`). */
  fed: boolean;
}

/** Why the paginator gave no next token, in the words a connector author needs. */
function stopReason(paginator: Paginator, facts: PageFacts, records: DataRecord[]): string {
  const told = paginator.stopReason?.({ ...facts, records: facts.records ?? records });
  return told ?? `the paginator returned no next token (the page had ${records.length} record${records.length === 1 ? "" : "s"})`;
}
