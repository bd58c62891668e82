import type { DataRecord, ObservedExchange, ObservedPage, ObservedSlice, ReadObserver, Secrets, StreamSlice } from "../../sdk/index.js";
import type { TestReadExchange, TestReadPage, TestReadRequest, TestReadResponse, TestReadSlice, TestReadStream } from "./test-read-document.js";

/** How much of a test read is kept. */
interface RecorderLimits {
  /** Slices read before the read stops. */
  slices: number;
  /** Characters of a response body kept. */
  bodyChars: number;
}

/**
 * The read observer of a test read: it assembles, for one stream, the slices and pages of the
 * {@link TestReadDocument} from what the engine reports. The read is sequential, so the exchanges
 * reported since the last page belong to the next page: the last one for this stream is the page's
 * own request, the others (token refresh, login, a parent stream's pages, retried attempts) are its
 * auxiliary requests. The records are those the consumer received (after filters, transformations and
 * the incremental cursor), redacted. `stop` is called when the slice limit says the read must end.
 *
 * @example
 * const recorder = new TestReadRecorder("users", secrets, { slices: 5, bodyChars: 65536 }, () => controller.abort());
 * for await (const record of connector.read("users", { signal })) recorder.record(record);
 * recorder.finish("the record limit was reached");
 */
export class TestReadRecorder implements ReadObserver {
  readonly slices: TestReadSlice[] = [];
  private pending: ObservedExchange[] = [];
  private records: DataRecord[] = [];
  private count = 0;
  private estimate?: number;
  private latestState?: Record<string, unknown>;

  constructor(
    private readonly stream: string,
    private readonly secrets: Secrets,
    private readonly limits: RecorderLimits,
    private readonly stop: (reason: string) => void,
  ) {}

  exchange(exchange: ObservedExchange): void {
    this.pending.push(exchange);
  }

  slice(slice: ObservedSlice): void {
    if (slice.stream !== this.stream) return;
    if (this.slices.length >= this.limits.slices) {
      this.stop(`the limit of ${this.limits.slices} slice${this.limits.slices === 1 ? "" : "s"} was reached`);
      return;
    }
    this.slices.push({ slice: slice.slice, pages: [] });
  }

  page(page: ObservedPage): void {
    // A parent stream's pages stay pending: they are auxiliary requests of this stream's next page.
    if (page.stream !== this.stream) return;
    if (page.totalRecords !== undefined) this.estimate = (this.estimate ?? 0) + page.totalRecords;
    this.close(page.nextPageToken, page.stopReason ?? null);
  }

  /** A record the consumer received; it belongs to the page being read. */
  record(record: DataRecord): void {
    this.records.push(record);
    this.count++;
  }

  /** The stream's state after a slice closed: the current slice's state, and the stream's latest. */
  state(state: Record<string, unknown>): void {
    const redacted = JSON.parse(this.secrets.redact(JSON.stringify(state))) as Record<string, unknown>;
    this.currentSlice().state = redacted;
    this.latestState = redacted;
  }

  /** Records received so far. */
  get recordCount(): number {
    return this.count;
  }

  /** Ends the recording: a page in flight (its records partly taken, or its request failed) is closed with `reason`. */
  finish(reason: string): void {
    if (this.pending.some((x) => this.isOwnPage(x)) || this.records.length > 0) this.close(undefined, reason);
  }

  private close(nextPageToken: unknown, stopReason: string | null): void {
    const ownIndex = this.pending.findLastIndex((x) => this.isOwnPage(x));
    const own = ownIndex >= 0 ? this.pending[ownIndex] : undefined;
    const auxiliary = this.pending.filter((_, i) => i !== ownIndex);
    const page: TestReadPage = {
      request: own ? this.request(own) : null,
      response: own?.response ? this.response(own) : null,
      records: this.records.length ? (JSON.parse(this.secrets.redact(JSON.stringify(this.records))) as DataRecord[]) : [],
      next_page_token: nextPageToken ?? null,
      stop_reason: own?.error && stopReason === null ? own.error : stopReason,
      auxiliary_requests: auxiliary.map((x) => this.auxiliary(x)),
    };
    if (own) page.ms = own.ms;
    this.currentSlice().pages.push(page);
    this.pending = [];
    this.records = [];
  }

  private currentSlice(): TestReadSlice {
    if (this.slices.length === 0) this.slices.push({ slice: {} as StreamSlice, pages: [] });
    return this.slices.at(-1)!;
  }

  private isOwnPage(exchange: ObservedExchange): boolean {
    return exchange.purpose === "page" && exchange.where?.stream === this.stream;
  }

  private request(exchange: ObservedExchange): TestReadRequest {
    const { method, url, headers, body } = exchange.request;
    return { method, url, headers, body: body ?? null };
  }

  private response(exchange: ObservedExchange): TestReadResponse {
    const { status, headers, body, bytes } = exchange.response!;
    if (body.length <= this.limits.bodyChars) return { status, headers, body, bytes };
    return { status, headers, body: body.slice(0, this.limits.bodyChars), bytes, truncated: true };
  }

  private auxiliary(exchange: ObservedExchange): TestReadExchange {
    const purpose = exchange.purpose === "page" ? (exchange.where?.stream === this.stream ? "retried attempt" : `page of parent stream ${exchange.where?.stream ?? "?"}`) : exchange.purpose;
    const entry: TestReadExchange = { purpose, attempt: exchange.attempt, ms: exchange.ms, request: this.request(exchange), response: exchange.response ? this.response(exchange) : null };
    if (exchange.error) entry.error = exchange.error;
    return entry;
  }

  /** The stream's part of the document. */
  result(error?: string): TestReadStream {
    const stream: TestReadStream = { name: this.stream, slices: this.slices, records: this.count };
    if (this.estimate !== undefined) stream.estimate = this.estimate;
    if (this.latestState) stream.state = this.latestState;
    if (error) stream.error = error;
    return stream;
  }
}
