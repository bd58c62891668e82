/**
 * A loopback report-jobs API for AsyncRetriever tests and benchmarks: a job takes time to complete,
 * every response is late by `delayMs`, and the server counts (besides the requests of
 * {@link DelayedApi}) the jobs running at once (created and not yet deleted, failed or cancelled) and
 * the jobs being prepared at once (created and not yet reported done or failed), with the most of each
 * it saw, and keeps every job's state and the cancel requests it got.
 *
 * Routes:
 * - `POST /jobs` with `{ "start": ISO, "end": ISO }` -> `{ "id": "J1" }`: a job over that window.
 * - `GET /jobs/J1` -> `{ "status": "running" | "done" | "failed" }` (`done` once `jobMs` have passed).
 * - `GET /jobs/J1/records?page=N` -> `{ "data": [...], "next": N+1 | null }`: `records` records one
 *   hour apart from the window's start, `perPage` a page, each `{ id, job, n, updated_at }`.
 * - `DELETE /jobs/J1` -> 204; `POST /jobs/J1/cancel` -> `{}` (or as `cancel` says).
 * With `token`, every request without `Authorization: Bearer <token>` gets 401.
 *
 * @example
 * const api = await startAsyncJobsApi({ jobMs: () => 300, delayMs: 10 });
 * // ... read ...
 * api.maxRunningJobs; // 4 at concurrency 4
 */
import { DelayedApi, type DelayedReply, type DelayedRequest } from "./delayed-api.js";
import { dayWindows, nextPagePaginator } from "./latency-api.js";

/** Options of {@link startAsyncJobsApi}. */
export interface AsyncJobsApiOptions {
  /** How long a job runs before it is done, by the start of its window (ISO). */
  jobMs(start: string): number;
  /** How late every response is (default 10 ms). */
  delayMs?: number;
  /** Records per job (default 4) and per page (default 2). */
  records?: number;
  perPage?: number;
  /** Whether the job over this window fails (reports `failed` instead of `done`). */
  fails?(start: string): boolean;
  /** How `POST /jobs/J1/cancel` answers: `ok` (default, the job stops), `refuse` (409, the job goes on), `hang` (never). */
  cancel?: "ok" | "refuse" | "hang";
  /** The bearer token every request must carry (default: none asked). */
  token?: string;
}

/** A job as the API sees it now. */
export interface ApiJob {
  id: string;
  /** Its window's start. */
  start: string;
  /** `running` until `jobMs` have passed, then `done` or `failed`; `cancelled` or `deleted` once asked. */
  state: "running" | "done" | "failed" | "cancelled" | "deleted";
  /** Cancel requests received for it. */
  cancels: number;
}

interface Job {
  start: string;
  readyAt: number;
  failed: boolean;
  running: boolean;
  preparing: boolean;
  cancels: number;
  ended?: "cancelled" | "deleted";
}

/** A running report-jobs API. */
export class AsyncJobsApi extends DelayedApi {
  runningJobs = 0;
  maxRunningJobs = 0;
  maxPreparingJobs = 0;
  /** Jobs created, by window start. */
  created = new Map<string, number>();
  private preparing = 0;
  private readonly byId = new Map<string, Job>();

  constructor(private readonly options: AsyncJobsApiOptions) {
    super();
  }

  /** Every job created (since the server started), in order. */
  get jobs(): ApiJob[] {
    return [...this.byId].map(([id, job]) => ({ id, start: job.start, cancels: job.cancels, state: job.ended ?? (Date.now() < job.readyAt ? "running" : job.failed ? "failed" : "done") }));
  }

  override reset(): void {
    super.reset();
    this.maxRunningJobs = this.runningJobs;
    this.maxPreparingJobs = this.preparing;
    this.created = new Map();
  }

  protected delayOf(): number {
    return this.options.delayMs ?? 10;
  }

  protected answer({ method, url, headers, body }: DelayedRequest): DelayedReply | undefined {
    if (this.options.token && headers.authorization !== `Bearer ${this.options.token}`) return { status: 401, body: { error: "unauthorized" } };
    if (method === "POST" && url.pathname === "/jobs") return { body: { id: this.create(String((JSON.parse(body || "{}") as Record<string, unknown>).start)) } };
    const [, id, action] = /^\/jobs\/(J\d+)(?:\/(records|cancel))?$/.exec(url.pathname) ?? [];
    const job = id ? this.byId.get(id) : undefined;
    if (!job) return { status: 404, body: { error: "no such job" } };
    if (action === "cancel") {
      job.cancels++;
      if (this.options.cancel === "hang") return undefined;
      if (this.options.cancel === "refuse") return { status: 409, body: { error: "this job cannot be cancelled" } };
      this.stop(job, "cancelled");
      return { body: {} };
    }
    if (method === "DELETE") {
      this.stop(job, "deleted");
      return { status: 204 };
    }
    if (action === "records") return { body: recordsPage(id!, job.start, Number(url.searchParams.get("page") ?? 1), this.options) };
    const status = job.ended ?? (Date.now() < job.readyAt ? "running" : job.failed ? "failed" : "done");
    if (status === "failed") this.stop(job);
    if (status === "done") this.prepared(job);
    return { body: { status } };
  }

  private create(start: string): string {
    const id = `J${this.byId.size + 1}`;
    this.byId.set(id, { start, readyAt: Date.now() + this.options.jobMs(start), failed: this.options.fails?.(start) ?? false, running: true, preparing: true, cancels: 0 });
    this.created.set(start, (this.created.get(start) ?? 0) + 1);
    this.maxRunningJobs = Math.max(this.maxRunningJobs, ++this.runningJobs);
    this.maxPreparingJobs = Math.max(this.maxPreparingJobs, ++this.preparing);
    return id;
  }

  private prepared(job: Job): void {
    if (job.preparing) this.preparing--;
    job.preparing = false;
  }

  private stop(job: Job, ended?: Job["ended"]): void {
    this.prepared(job);
    if (job.running) this.runningJobs--;
    job.running = false;
    job.ended ??= ended;
  }
}

export function startAsyncJobsApi(options: AsyncJobsApiOptions): Promise<AsyncJobsApi> {
  return new AsyncJobsApi(options).listen();
}

function recordsPage(id: string, start: string, page: number, options: AsyncJobsApiOptions): { data: unknown[]; next: number | null } {
  const total = options.records ?? 4;
  const perPage = options.perPage ?? 2;
  const data = [];
  for (let n = (page - 1) * perPage; n < Math.min(total, page * perPage); n++) {
    const at = new Date(Date.parse(start) + n * 3_600_000).toISOString().replace(".000Z", "Z");
    data.push({ id: `${start.slice(0, 10)}-${n}`, job: id, n, updated_at: at });
  }
  return { data, next: page * perPage < total ? page + 1 : null };
}

/** Options of {@link asyncJobsStream}. */
export interface AsyncJobsStreamOptions {
  /** Whether the retriever has an `abort_requester` (default true). */
  abort?: boolean;
  /** Every requester sends `Authorization: Bearer {{ config['token'] }}` (default false). */
  bearer?: boolean;
}

/**
 * A stream of one report job per day window between `from` and `to` (`DatetimeBasedCursor`, P1D),
 * read by an `AsyncRetriever` from {@link startAsyncJobsApi}.
 */
export function asyncJobsStream(url: string, window: { from: string; to: string }, options: AsyncJobsStreamOptions = {}): Record<string, unknown> {
  const authenticator = options.bearer ? { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } } : {};
  const requester = (path: string, method = "GET", extra: Record<string, unknown> = {}) => ({ type: "HttpRequester", url_base: url, path, http_method: method, ...authenticator, ...extra });
  const job = "/jobs/{{ stream_slice.extra_fields.creation_response.id }}";
  return {
    type: "DeclarativeStream",
    name: "reports",
    primary_key: "id",
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    incremental_sync: dayWindows(window),
    retriever: {
      type: "AsyncRetriever",
      creation_requester: requester("/jobs", "POST", { request_body_json: { start: "{{ stream_slice.start_time }}", end: "{{ stream_slice.end_time }}" } }),
      polling_requester: requester(job),
      status_extractor: { type: "DpathExtractor", field_path: ["status"] },
      status_mapping: { type: "AsyncJobStatusMap", running: ["running"], completed: ["done"], failed: ["failed"], timeout: [] },
      download_requester: requester(`${job}/records`),
      download_paginator: nextPagePaginator(),
      ...(options.abort === false ? {} : { abort_requester: requester(`${job}/cancel`, "POST") }),
      delete_requester: requester(job, "DELETE"),
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
    },
  };
}
