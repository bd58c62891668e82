// The connector folder's components.ts for test/e2e/custom-kinds.test.ts: one class per Custom* kind,
// each extending its SDK base class, as a connector author writes them (copied into a temp folder).
import {
  BackoffStrategy, ErrorHandler, IncrementalCursor, makeSlice, PartitionRouter, RecordExtractor, RecordFilter, RecordTransformation,
  Requester, Retriever, SchemaLoader, StateMigration,
  type AttemptOutcome, type DataRecord, type ErrorDecision, type HttpResponse, type OutgoingRequest, type ReadOptions,
  type RequestInput, type SendOptions, type StreamSlice,
} from "sluice/sdk";
// `sluice/python` resolves to the running Sluice's copy, as `sluice/sdk` does.
import { formatDatetime, parseDatetime, parseIsoDuration } from "sluice/python";

type Options = Record<string, unknown> & { config: Record<string, unknown>; parameters: Record<string, unknown> };

export class ItemsExtractor extends RecordExtractor {
  constructor(private readonly options: Options) { super(); }
  *extract(response: HttpResponse): Iterable<unknown> {
    const body = response.json() as Record<string, unknown[]>;
    if (!Array.isArray(body[String(this.options.root)])) throw new TypeError(`no '${String(this.options.root)}' list in the response`);
    yield* body[String(this.options.root)]!;
  }
}

export class SkipDeleted extends RecordFilter {
  keep(record: DataRecord): boolean { return record.status !== "deleted"; }
}

export class TagRegion extends RecordTransformation {
  constructor(private readonly options: Options) { super(); }
  transform(record: DataRecord, context: { streamSlice?: StreamSlice }): void {
    record[String(this.options.field)] = context.streamSlice?.region;
  }
}

export class Regions extends PartitionRouter {
  constructor(private readonly options: Options) { super(); }
  async *slices(): AsyncIterable<StreamSlice> {
    for (const region of this.options.regions as string[]) yield makeSlice({ region });
  }
  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void { request.params.region = String(slice.region); }
}

export class InlineSchema extends SchemaLoader {
  async load() { return { type: "object", properties: { id: { type: "integer" } }, "x-from": "InlineSchema" }; }
}

/** Retries a 503 once, without waiting; fails a 418 with the body's message. */
export class RetryUnavailable extends ErrorHandler {
  override readonly maxRetries = 1;
  decide(outcome: AttemptOutcome): ErrorDecision | undefined {
    if (outcome.response?.status === 503) return { action: "retry", delayMs: 0, reason: "503 from the test server" };
    if (outcome.response?.status === 418) return { action: "fail", message: `teapot: ${outcome.response.text()}`, failureType: "config_error" };
    return undefined;
  }
}

export class NoWait extends BackoffStrategy {
  backoffSeconds(outcome: AttemptOutcome): number | undefined {
    if (outcome.response?.status === 500) throw new RangeError("no backoff for a 500");
    return 0;
  }
}

/** Keeps the largest `updated` seen; sends it as `since`; one slice. */
export class SinceCursor extends IncrementalCursor {
  override readonly cursorField = "updated";
  private since = "";
  private max = "";
  setState(state: Record<string, unknown> | undefined): void { this.since = String(state?.since ?? ""); this.max = this.since; }
  async *slices(): AsyncIterable<StreamSlice> { yield makeSlice({}, { since: this.since }); }
  applyToRequest(request: OutgoingRequest): void { if (this.since) request.params.since = this.since; }
  observe(_slice: StreamSlice, record: DataRecord): boolean {
    if (String(record.updated) > this.max) this.max = String(record.updated);
    return String(record.updated) > this.since;
  }
  closeSlice(): void {}
  state(): Record<string, unknown> { return { since: this.max }; }
}

/** The old state was `{ updated_after: ... }`. */
export class FromUpdatedAfter extends StateMigration {
  shouldMigrate(state: Record<string, unknown>): boolean { return "updated_after" in state; }
  migrate(state: Record<string, unknown>): Record<string, unknown> { return { since: state.updated_after }; }
}

/** Delegates to the built `inner` requester, adding a header. */
export class Signed extends Requester {
  constructor(private readonly options: Options & { inner: Requester }) { super(); }
  async buildRequest(input: RequestInput): Promise<OutgoingRequest> {
    const request = await this.options.inner.buildRequest(input);
    request.headers["X-Signed-By"] = String(this.options.signer);
    return request;
  }
  send(request: OutgoingRequest, options?: SendOptions): Promise<HttpResponse> { return this.options.inner.send(request, options); }
}

/** Reads the first page of `requester` and yields its `data`, numbering the records. */
export class FirstPageOnly extends Retriever {
  constructor(private readonly options: Options & { requester: Requester }) { super(); }
  async *read(_stream: string, _options: ReadOptions): AsyncIterable<DataRecord> {
    const response = await this.options.requester.send(await this.options.requester.buildRequest({}));
    let n = 0;
    for (const item of (response.json() as { data: DataRecord[] }).data) yield { ...item, n: ++n };
  }
}

export class NotAFilter { keep() { return true; } }
export abstract class FilterWithoutKeep extends RecordFilter {}

/** Adds `due` = `created` plus `months` calendar months (the day clamped, as isodate), and keeps the parsed value. */
export class DueDate extends RecordTransformation {
  constructor(private readonly options: Options) { super(); }
  transform(record: DataRecord): void {
    const created = parseDatetime(record.created, "%Y-%m-%d");
    record.parsed = created;
    record.due = formatDatetime(created.plus(parseIsoDuration(`P${String(this.options.months)}M`)!)!, "%Y-%m-%d");
  }
}
