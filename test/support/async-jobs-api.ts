/**
 * A loopback report-jobs API for AsyncRetriever tests and benchmarks: a job takes time to complete,
 * every response is late by `delayMs`, and the server counts the requests in flight, the jobs running
 * at once (created and not yet deleted, failed or cancelled) and the jobs being prepared at once
 * (created and not yet reported done or failed), with the most of each it saw.
 *
 * Routes:
 * - `POST /jobs` with `{ "start": ISO, "end": ISO }` -> `{ "id": "J1" }`: a job over that window.
 * - `GET /jobs/J1` -> `{ "status": "running" | "done" | "failed" }` (`done` once `jobMs` have passed).
 * - `GET /jobs/J1/records?page=N` -> `{ "data": [...], "next": N+1 | null }`: `records` records one
 *   hour apart from the window's start, `perPage` a page, each `{ id, job, n, updated_at }`.
 * - `DELETE /jobs/J1` -> 204; `POST /jobs/J1/cancel` -> `{}`.
 *
 * @example
 * const api = await startAsyncJobsApi({ jobMs: () => 300, delayMs: 10 });
 * // ... read ...
 * api.maxRunningJobs; // 4 at concurrency 4
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { nextPagePaginator } from "./latency-api.js";

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
}

/** A running report-jobs API. */
export interface AsyncJobsApi {
  url: string;
  /** Every request, as `METHOD path`, in arrival order. */
  readonly seen: string[];
  readonly maxInFlight: number;
  readonly runningJobs: number;
  readonly maxRunningJobs: number;
  readonly maxPreparingJobs: number;
  /** Jobs created, by window start. */
  readonly created: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

interface Job {
  start: string;
  readyAt: number;
  failed: boolean;
  running: boolean;
  preparing: boolean;
}

export async function startAsyncJobsApi(options: AsyncJobsApiOptions): Promise<AsyncJobsApi> {
  const jobs = new Map<string, Job>();
  const counters = { seen: [] as string[], inFlight: 0, maxInFlight: 0, running: 0, maxRunning: 0, preparing: 0, maxPreparing: 0, created: new Map<string, number>() };
  const prepared = (job: Job) => {
    if (job.preparing) counters.preparing--;
    job.preparing = false;
  };
  const stop = (job: Job) => {
    prepared(job);
    if (job.running) counters.running--;
    job.running = false;
  };
  const route = (method: string, url: URL, body: Record<string, unknown>): { status: number; body?: unknown } => {
    if (method === "POST" && url.pathname === "/jobs") {
      const start = String(body.start);
      const id = `J${jobs.size + 1}`;
      jobs.set(id, { start, readyAt: Date.now() + options.jobMs(start), failed: options.fails?.(start) ?? false, running: true, preparing: true });
      counters.created.set(start, (counters.created.get(start) ?? 0) + 1);
      counters.running++;
      counters.maxRunning = Math.max(counters.maxRunning, counters.running);
      counters.preparing++;
      counters.maxPreparing = Math.max(counters.maxPreparing, counters.preparing);
      return { status: 200, body: { id } };
    }
    const [, id, action] = /^\/jobs\/(J\d+)(?:\/(records|cancel))?$/.exec(url.pathname) ?? [];
    const job = id ? jobs.get(id) : undefined;
    if (!job) return { status: 404, body: { error: "no such job" } };
    if (method === "DELETE" || action === "cancel") {
      stop(job);
      return method === "DELETE" ? { status: 204 } : { status: 200, body: {} };
    }
    if (action === "records") return { status: 200, body: recordsPage(id!, job.start, Number(url.searchParams.get("page") ?? 1), options) };
    const status = Date.now() < job.readyAt ? "running" : job.failed ? "failed" : "done";
    if (status === "failed") stop(job);
    if (status === "done") prepared(job);
    return { status: 200, body: { status } };
  };
  let origin = "";
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", origin);
      counters.seen.push(`${req.method} ${url.pathname}`);
      counters.inFlight++;
      counters.maxInFlight = Math.max(counters.maxInFlight, counters.inFlight);
      let finished = false;
      const finish = () => {
        if (!finished) counters.inFlight--;
        finished = true;
      };
      res.on("close", finish);
      setTimeout(() => {
        if (res.destroyed) return;
        const text = Buffer.concat(chunks).toString("utf8");
        const answer = route(req.method ?? "GET", url, text ? (JSON.parse(text) as Record<string, unknown>) : {});
        const payload = answer.body === undefined ? "" : JSON.stringify(answer.body);
        finish();
        res.writeHead(answer.status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }).end(payload);
      }, options.delayMs ?? 10);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    get seen() {
      return counters.seen;
    },
    get maxInFlight() {
      return counters.maxInFlight;
    },
    get runningJobs() {
      return counters.running;
    },
    get maxRunningJobs() {
      return counters.maxRunning;
    },
    get maxPreparingJobs() {
      return counters.maxPreparing;
    },
    get created() {
      return counters.created;
    },
    reset() {
      counters.seen = [];
      counters.maxInFlight = counters.inFlight;
      counters.maxRunning = counters.running;
      counters.maxPreparing = counters.preparing;
      counters.created = new Map();
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
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

/**
 * A stream of one report job per day window between `from` and `to` (`DatetimeBasedCursor`, P1D),
 * read by an `AsyncRetriever` from {@link startAsyncJobsApi}.
 */
export function asyncJobsStream(url: string, window: { from: string; to: string }): Record<string, unknown> {
  const requester = (path: string, method = "GET", extra: Record<string, unknown> = {}) => ({ type: "HttpRequester", url_base: url, path, http_method: method, ...extra });
  const job = "/jobs/{{ stream_slice.extra_fields.creation_response.id }}";
  return {
    type: "DeclarativeStream",
    name: "reports",
    primary_key: "id",
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    incremental_sync: {
      type: "DatetimeBasedCursor",
      cursor_field: "updated_at",
      datetime_format: "%Y-%m-%dT%H:%M:%SZ",
      start_datetime: window.from,
      end_datetime: window.to,
      step: "P1D",
      cursor_granularity: "PT1S",
    },
    retriever: {
      type: "AsyncRetriever",
      creation_requester: requester("/jobs", "POST", { request_body_json: { start: "{{ stream_slice.start_time }}", end: "{{ stream_slice.end_time }}" } }),
      polling_requester: requester(job),
      status_extractor: { type: "DpathExtractor", field_path: ["status"] },
      status_mapping: { type: "AsyncJobStatusMap", running: ["running"], completed: ["done"], failed: ["failed"], timeout: [] },
      download_requester: requester(`${job}/records`),
      download_paginator: nextPagePaginator(),
      abort_requester: requester(`${job}/cancel`, "POST"),
      delete_requester: requester(job, "DELETE"),
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
    },
  };
}
