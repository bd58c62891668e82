import { SluiceError, withDecoder, type DataRecord, type Decoder, type HttpResponse, type ObservedPage, type OutgoingRequest, type PageReport, type Paginator, type ReadObserver, type ReadOptions, type RecordSelector, type Requester, type Secrets, type StreamSlice, type StreamSlicer } from "../../sdk/index.js";
import { requestSignature, type ProgressGuard } from "../shared/progress-guard.js";
import { StreamedPage } from "./streamed-page.js";
import { readChunkedPage } from "./chunked-page.js";
import type { TotalRecords } from "./total-records.js";

/** What a {@link PageReader} reads with: the retriever's parts and this read's slice and options. */
export interface PageReaderParts {
  stream: string;
  slice: StreamSlice;
  options: ReadOptions;
  requester: Requester;
  selector: RecordSelector;
  paginator: Paginator;
  guard: ProgressGuard;
  /** The slicer whose request options go into each request (absent for an unsliced read). */
  slicer?: StreamSlicer;
  /** `ignore_stream_slicer_parameters_on_paginated_requests`. */
  sliceOptionsOnFirstPageOnly: boolean;
  /** Who watches the read (absent: no page is reported), and the registry its records are redacted with. */
  observe?: { observer: ReadObserver; secrets: Secrets };
  /** The stream's current state, for requester templates that read `stream_state`. */
  state?: () => Record<string, unknown>;
  /** The retriever's decoder; absent for JSON. */
  decoder?: Decoder;
  /** Reads the API's total record count from the first page (`total_records`), reported with that page. */
  totalRecords?: TotalRecords;
}

const DONE: IteratorResult<DataRecord> = { value: undefined, done: true };
const PAGES_DONE: IteratorResult<DataRecord[]> = { value: undefined, done: true };
/** The records of a streamed page handed out at a time by the page-batched path. */
const STREAMED_BATCH = 1000;

/**
 * The records of one slice, page by page: the loop of `SimpleRetriever` (build the request, let the
 * progress guard check it, send it, select the page's records, hand them out, ask the paginator for
 * the next token) as a hand-written async iterator. Records of a page already parsed are handed out
 * as resolved promises, without resuming a generator for each one: an `async *` loop here cost ~16%
 * more CPU per page of 100 records. As before, nothing accumulates across pages, `onPage` runs once
 * the page's last record was taken, a record filter that fails on a record fails the read after the
 * records before it were delivered, and `return()` ends the read. A page of a streaming decoder is not
 * collected: its records are parsed as they are taken ({@link StreamedPage}), a batch at a time on
 * the page-batched path.
 *
 * @example
 * for await (const record of new PageReader({ stream: "users", slice: {}, options: {}, requester, selector, paginator, guard, sliceOptionsOnFirstPageOnly: false })) use(record);
 */
export class PageReader implements AsyncIterableIterator<DataRecord> {
  private records: DataRecord[] = [];
  private index = 0;
  private started = false;
  private finished = false;
  private page = 0;
  private token: unknown;
  /** The page whose records are being handed out, until the paginator has seen it (`count`/`last` for a streamed page). */
  private current?: { response: HttpResponse; rawCount: number; count?: number; last?: DataRecord };
  /** The streamed page whose records are being parsed and handed out. */
  private streamed?: StreamedPage;
  /** An error from selecting the current page, thrown after the records before it. */
  private failure?: { error: unknown };
  private busy?: Promise<IteratorResult<DataRecord>>;
  /** The property chunks of a requester with `QueryProperties`: each page is one request per chunk. */
  private chunks?: string[][];

  constructor(private readonly parts: PageReaderParts) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<DataRecord>> {
    if (this.index < this.records.length) return Promise.resolve({ value: this.records[this.index++]!, done: false });
    if (this.streamed && !this.busy) {
      const record = this.takeStreamed();
      if (record) return Promise.resolve({ value: record, done: false });
    }
    // A second call while a page is being fetched waits for it, as calls to a generator queue.
    if (this.busy) return this.busy.then(() => this.next());
    const busy = this.fill().finally(() => {
      this.busy = undefined;
    });
    this.busy = busy;
    return busy;
  }

  async return(): Promise<IteratorResult<DataRecord>> {
    this.finish();
    return DONE;
  }

  async throw(error?: unknown): Promise<IteratorResult<DataRecord>> {
    this.finish();
    throw error;
  }

  private finish(): void {
    this.finished = true;
    this.streamed?.close();
    this.streamed = undefined;
    this.records = [];
    this.index = 0;
    this.current = undefined;
  }

  /** Moves on to the next page that has records (or to the end), and hands out its first record. */
  private async fill(): Promise<IteratorResult<DataRecord>> {
    for (;;) {
      if (!(await this.loadPage())) return DONE;
      if (this.records.length > 0) return { value: this.records[this.index++]!, done: false };
      const record = this.streamed && this.takeStreamed();
      if (record) return { value: record, done: false };
    }
  }

  /** The streamed page's next record; at its end (or failure) the page goes to the paginator (or the failure is kept). */
  private takeStreamed(): DataRecord | undefined {
    const page = this.streamed!;
    const record = page.take();
    if (record) return record;
    this.streamed = undefined;
    if (page.failure) this.failure = page.failure;
    else this.current = { response: page.response, rawCount: page.stats.rawCount, count: page.count, last: page.last };
    return undefined;
  }

  /** Up to {@link STREAMED_BATCH} records of the streamed page (empty at its end). */
  private streamedBatch(): DataRecord[] {
    const batch = this.streamed!.takeBatch(STREAMED_BATCH);
    if (batch.length < STREAMED_BATCH) this.takeStreamed();
    return batch;
  }

  /**
   * The records of the next page that has any, all at once (undefined at the end): the page-batched
   * path, one promise per page instead of one per record. A page whose selection failed part-way
   * hands out the records before the failure; the next call throws. Records of a page already
   * partly handed out by `next()` come first.
   *
   * @example
   * for (let page = await reader.nextPage(); page; page = await reader.nextPage()) write(page);
   */
  async nextPage(): Promise<DataRecord[] | undefined> {
    if (this.index < this.records.length) {
      const rest = this.index === 0 ? this.records : this.records.slice(this.index);
      this.index = this.records.length;
      return rest;
    }
    if (this.streamed) {
      const batch = this.streamedBatch();
      if (batch.length > 0) return batch;
    }
    for (;;) {
      if (!(await this.loadPage())) return undefined;
      if (this.records.length > 0) {
        this.index = this.records.length;
        return this.records;
      }
      if (this.streamed) {
        const batch = this.streamedBatch();
        if (batch.length > 0) return batch;
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
      this.token = parts.paginator.initialToken();
      this.chunks = await parts.requester.queryProperties?.chunks(parts.options.signal);
    }
    if (this.failure) {
      const { error } = this.failure;
      this.finish();
      this.failure = undefined;
      throw error;
    }
    if (this.finished || !this.advance()) {
      this.finish();
      return false;
    }
    try {
      await this.readPage();
    } catch (error) {
      // return() was called while the page was in flight: its request was aborted, the read is over.
      if (this.finished) return false;
      throw error;
    }
    return !this.finished;
  }

  /** After a page was handed out: report it and ask for the next token; false when the read is over. */
  private advance(): boolean {
    const current = this.current;
    if (!current) return this.page === 0;
    this.current = undefined;
    const { stream, options, paginator } = this.parts;
    const records = this.records;
    const streamed = current.count !== undefined;
    const count = streamed ? current.count! : records.length;
    if (options.onPage) {
      const report: PageReport = { stream, page: this.page, records: count, url: current.response.url };
      const total = this.page === 1 ? this.parts.totalRecords?.(current.response, this.parts.slice) : undefined;
      if (total !== undefined) report.totalRecords = total;
      options.onPage(report);
    }
    if (current.response.ignored) {
      if (this.parts.observe) this.observe(records, undefined, "the error handler ignored the response");
      return false;
    }
    // A streamed page's records were handed out as parsed, not kept: the paginator gets their count and the last one.
    const last = streamed ? current.last : records.at(-1);
    this.token = paginator.nextPageToken(current.response, count, last, this.token, { rawRecordCount: current.rawCount, records: streamed ? undefined : records });
    const more = this.token !== undefined && this.token !== null;
    const capped = more && options.pagesPerSlice !== undefined && this.page >= options.pagesPerSlice;
    if (this.parts.observe) {
      const reason = !more ? stopReason(paginator, current, records) : capped ? `the limit of ${options.pagesPerSlice} page${options.pagesPerSlice === 1 ? "" : "s"} per slice was reached` : undefined;
      this.observe(records, more ? this.token : undefined, reason);
    }
    return more && !capped;
  }

  /** Reports the page just handed out (its records transformed in place by then) and the pagination decision. */
  private observe(records: readonly DataRecord[], token: unknown, reason: string | undefined): void {
    const { observer, secrets } = this.parts.observe!;
    const redacted = records.length ? (JSON.parse(secrets.redact(JSON.stringify(records))) as DataRecord[]) : [];
    const stream = this.parts.stream;
    const slice = JSON.parse(secrets.redact(JSON.stringify(this.parts.slice))) as StreamSlice;
    const page: ObservedPage = { stream, slice, page: this.page, records: redacted };
    if (token !== undefined) page.nextPageToken = token;
    if (reason !== undefined) page.stopReason = reason;
    observer.page?.(page);
  }

  private async readPage(): Promise<void> {
    const { stream, slice, options, requester, selector, guard } = this.parts;
    const token = this.token;
    const page = ++this.page;
    if (this.chunks) return this.readChunked(this.chunks, token, page);
    const request = this.pageRequest(slice, token);
    guard.beforeRequest(page, token, requestSignature(request));
    const decoder = this.parts.decoder;
    const sent = await requester.send(request, decoder ? { signal: options.signal, where: { stream, page }, readBytes: decoder.readsBytes() } : { signal: options.signal, where: { stream, page } });
    if (this.finished) return;
    const response = decoder && !sent.ignored ? withDecoder(sent, decoder) : sent;
    const stats = { rawCount: 0 };
    const records: DataRecord[] = [];
    this.records = records;
    this.index = 0;
    const locate = (error: unknown): unknown => (error instanceof SluiceError ? error.locate({ stream, page }) : error);
    try {
      const selected = selector.select(response, { streamSlice: slice, nextPageToken: token }, stats);
      if (decoder?.isStreamResponse() && !sent.ignored) {
        this.streamed = new StreamedPage(selected[Symbol.iterator](), response, stats, locate);
        return;
      }
      // A page selected as one array is kept as it is; records yielded one by one are collected (those before a failure stay).
      if (Array.isArray(selected)) this.records = selected as DataRecord[];
      else for (const record of selected) records.push(record);
    } catch (error) {
      // A decoder or extractor failing on the body: the error learns which stream and page.
      this.failure = { error: locate(error) };
    }
    if (!this.failure) this.current = { response, rawCount: stats.rawCount };
  }

  /** A page of a requester with `QueryProperties`: one request per chunk, records merged by key (chunked-page.ts). */
  private async readChunked(chunks: string[][], token: unknown, page: number): Promise<void> {
    const { stream, slice, selector, guard, decoder, requester, options } = this.parts;
    const read = await readChunkedPage(chunks, {
      slice,
      selector,
      queryProperties: requester.queryProperties!,
      nextPageToken: token,
      request: (chunkSlice) => this.pageRequest(chunkSlice, token),
      check: (request) => guard.beforeRequest(page, token, requestSignature(request)),
      send: async (request) => {
        const sent = await requester.send(request, decoder ? { signal: options.signal, where: { stream, page }, readBytes: decoder.readsBytes() } : { signal: options.signal, where: { stream, page } });
        if (this.finished) return undefined;
        return decoder && !sent.ignored ? withDecoder(sent, decoder) : sent;
      },
    });
    if (!read) return;
    this.records = read.records;
    this.index = 0;
    if (read.failure) this.failure = { error: read.failure.error instanceof SluiceError ? read.failure.error.locate({ stream, page }) : read.failure.error };
    else if (read.last) this.current = read.last;
  }

  /** The request of a page: the requester's, with the page token and the slice's options. */
  private pageRequest(slice: StreamSlice, token: unknown): OutgoingRequest {
    const { requester, paginator, slicer } = this.parts;
    const hasToken = token !== undefined && token !== null;
    const request = requester.buildRequest({ nextPageToken: token, streamSlice: slice, pagePath: hasToken ? paginator.pagePath(token) : undefined, streamState: this.parts.state?.() });
    paginator.applyToRequest(request, token);
    if (slicer && !(hasToken && this.parts.sliceOptionsOnFirstPageOnly)) slicer.applyToRequest(request, slice);
    return request;
  }
}

/** Why the paginator gave no next token, in the words a connector author needs. */
function stopReason(paginator: Paginator, page: { response: HttpResponse; rawCount: number }, records: DataRecord[]): string {
  const told = paginator.stopReason?.(page.response, records.length, records.at(-1), { rawRecordCount: page.rawCount, records });
  return told ?? `the paginator returned no next token (the page had ${records.length} record${records.length === 1 ? "" : "s"})`;
}
