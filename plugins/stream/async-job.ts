import {
  SluiceError,
  makeSlice,
  sliceCursor,
  sliceExtraFields,
  slicePartition,
  type AsyncJobSlots,
  type Clock,
  type HttpResponse,
  type RecordExtractor,
  type Requester,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import { abortJob, describeJob, type JobAbortParts } from "./async-job-abort.js";
import type { AsyncJobStatus, AsyncJobStatusOf } from "./async-job-status-map.js";

/** The first wait between two status polls; each next wait doubles, up to {@link MAX_POLL_WAIT_MS}. */
const FIRST_POLL_WAIT_MS = 1_000;
/** The longest wait between two status polls. */
const MAX_POLL_WAIT_MS = 30_000;
/** How many times a job that failed or timed out is created again before the read fails (the kit's 3 attempts). */
const MAX_JOB_ATTEMPTS = 3;

/** What running one job needs (built from an `AsyncRetriever` definition); `abort` and `logger` abort jobs left running. */
export interface AsyncJobParts extends JobAbortParts {
  creation: Requester;
  polling: Requester;
  statusExtractor: RecordExtractor;
  statusOf: AsyncJobStatusOf;
  /** Where the download targets (URLs, ids) are: in the polling response, or in a response of `requester`. */
  targets?: { extractor: RecordExtractor; requester?: Requester };
  delete?: Requester;
  /** The partition router, which puts the partition into the creation request. */
  slicer?: StreamSlicer;
  clock: Clock;
  /** `polling_job_timeout`, in milliseconds. */
  timeoutMs: number;
  /** `failed_retry_wait_time_in_seconds`, in milliseconds (0: create again at once). */
  retryWaitMs: number;
  /** The connector's limit on jobs running at once (`max_concurrent_async_job_count`), if any. */
  jobSlots?: AsyncJobSlots;
}

/** The kit's interpolation context of a response: its JSON body, plus `headers` and `request` when the body has none. */
function responseContext(response: HttpResponse): Record<string, unknown> {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = {};
  }
  const context: Record<string, unknown> = typeof body === "object" && body !== null && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  context.headers ??= Object.fromEntries(response.headers.entries());
  context.request ??= { url: response.url };
  return context;
}

/** A slice with more extra fields (what the job's requesters read as `stream_slice.extra_fields.*`). */
function withExtra(slice: StreamSlice, extra: Record<string, unknown>): StreamSlice {
  return makeSlice(slicePartition(slice), sliceCursor(slice), { ...sliceExtraFields(slice), ...extra });
}

/** One job to run: its stream, its slice, and the signal that stops its polls and downloads. */
interface AsyncJobRun {
  stream: string;
  slice: StreamSlice;
  signal?: AbortSignal;
}

/**
 * Runs the job of one slice to its records: create it, poll its status (waiting 1 s, 2 s, 4 s... up to
 * 30 s between polls, for at most `polling_job_timeout`), then download every target with `download`
 * (records one at a time, or a page at a time: whatever it yields is passed on, in order). A failed or
 * timed-out job is created again, up to three attempts; a timed-out job is aborted first; a completed
 * job is deleted (`delete_requester`) after its records were read. The signal stops a poll, a wait or a
 * download at once; a job that is still running on the API then (the read stopped, the stream failed,
 * a poll failed) is aborted (`abort_requester`, see {@link abortJob}) before the error goes on. Jobs of
 * different slices are independent: the scheduler runs several at a time.
 *
 * @example
 * yield* runAsyncJob(parts, { stream: "orders", slice, signal }, (target) => readTarget(target, { signal }));
 */
export async function* runAsyncJob<T>(parts: AsyncJobParts, run: AsyncJobRun, download: (target: StreamSlice) => AsyncIterable<T>): AsyncGenerator<T> {
  const done = await completedJob(parts, run);
  if (!done) return;
  for (const target of await downloadTargets(parts, done.job, done.polling, run)) yield* download(target);
  if (parts.delete) await send(parts.delete, done.job, run);
}

/**
 * Creates the job and polls it until it completed (its polling response), was skipped (undefined) or
 * failed for good (thrown), holding one of the connector's job slots meanwhile, as the kit's job
 * tracker does: the download that follows holds none.
 */
async function completedJob(parts: AsyncJobParts, run: AsyncJobRun): Promise<{ job: StreamSlice; polling: HttpResponse } | undefined> {
  const { stream, slice } = run;
  const waiting = parts.jobSlots?.acquire(run.signal);
  if (waiting) await waiting;
  try {
    for (let attempt = 1; ; attempt++) {
      const job = await createJob(parts, slice, run);
      const { status, apiStatus, polling } = await pollOrAbort(parts, stream, job, run);
      if (status === "skipped") return undefined;
      if (status === "completed") return { job, polling: polling! };
      // A timed-out job may still be running on the API (the kit aborts it too); a failed one is not.
      if (status === "timeout") await abortJob(parts, job, stream, `it timed out, status '${apiStatus}'`);
      if (attempt >= MAX_JOB_ATTEMPTS) throw jobError(stream, status, apiStatus, job, attempt);
      if (parts.retryWaitMs > 0) await parts.clock.sleep(parts.retryWaitMs, run.signal);
    }
  } finally {
    parts.jobSlots?.release();
  }
}

/**
 * Polls a created job until it is no longer running. Until then the job runs on the API's side: when
 * polling ends otherwise (the read stopped, the stream failed, a poll failed or gave an unknown status)
 * the job is aborted before the error goes on, so the read leaves no job of its own running.
 */
async function pollOrAbort(parts: AsyncJobParts, stream: string, job: StreamSlice, run: AsyncJobRun): ReturnType<typeof pollUntilDone> {
  try {
    return await pollUntilDone(parts, stream, job, run);
  } catch (error) {
    const stopped = run.signal?.aborted ? `the read of the stream stopped: ${messageOf(run.signal.reason)}` : `polling it failed: ${messageOf(error)}`;
    await abortJob(parts, job, stream, stopped);
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function createJob(parts: AsyncJobParts, slice: StreamSlice, options: { signal?: AbortSignal }): Promise<StreamSlice> {
  const request = await parts.creation.buildRequest({ streamSlice: slice });
  await parts.slicer?.applyToRequest(request, slice);
  const response = await parts.creation.send(request, { signal: options.signal });
  const creation = responseContext(response);
  const job = withExtra(slice, { creation_response: creation });
  // Manifests written for older kits read the creation response as `stream_slice['create_job_response'].json()`.
  Object.defineProperty(job, "create_job_response", { value: { json: () => creation, headers: creation.headers }, enumerable: false });
  return job;
}

async function pollUntilDone(parts: AsyncJobParts, stream: string, job: StreamSlice, options: { signal?: AbortSignal }): Promise<{ status: AsyncJobStatus; apiStatus: string; polling?: HttpResponse }> {
  const deadline = parts.clock.now() + parts.timeoutMs;
  for (let wait = FIRST_POLL_WAIT_MS; ; wait = Math.min(wait * 2, MAX_POLL_WAIT_MS)) {
    const response = await send(parts.polling, job, options);
    const apiStatus = firstString(await parts.statusExtractor.extract(response));
    const status = parts.statusOf(apiStatus);
    if (status === undefined) throw jobError(stream, undefined, apiStatus, job, 1);
    if (status !== "running") return { status, apiStatus, polling: response };
    if (parts.clock.now() + wait > deadline) return { status: "timeout", apiStatus: `${apiStatus} (still running after polling_job_timeout)` };
    await parts.clock.sleep(wait, options.signal);
  }
}

/** The slices of a completed job's downloads, one per target (`extra_fields.download_target`). */
async function downloadTargets(parts: AsyncJobParts, job: StreamSlice, polling: HttpResponse, options: { signal?: AbortSignal }): Promise<StreamSlice[]> {
  const pollingContext = responseContext(polling);
  let targets: unknown[] = [""];
  if (parts.targets) {
    const source = parts.targets.requester ? await send(parts.targets.requester, withExtra(job, { polling_response: pollingContext }), options) : polling;
    targets = [...(await parts.targets.extractor.extract(source))];
  }
  // `url` is the name older kits gave the download target.
  return targets.map((target) => withExtra(job, { download_target: target, url: target, polling_response: pollingContext }));
}

async function send(requester: Requester, slice: StreamSlice, options: { signal?: AbortSignal }): Promise<HttpResponse> {
  return requester.send(await requester.buildRequest({ streamSlice: slice }), { signal: options.signal });
}

function firstString(values: Iterable<unknown>): string {
  for (const value of values) return typeof value === "string" ? value : JSON.stringify(value);
  return "";
}

function jobError(stream: string, status: AsyncJobStatus | undefined, apiStatus: string, job: StreamSlice, attempts: number): SluiceError {
  const where = { stream };
  if (status === undefined) {
    return new SluiceError("ASYNC_JOB_FAILED", `The job's status '${apiStatus}' is not in status_mapping`, { where, expected: "a status listed under running, completed, failed, timeout or skipped", found: apiStatus });
  }
  const code = status === "timeout" ? "ASYNC_JOB_TIMEOUT" : "ASYNC_JOB_FAILED";
  const partition = slicePartition(job);
  const of = Object.keys(partition).length > 0 ? ` of partition ${JSON.stringify(partition)}` : "";
  return new SluiceError(code, `The job${of} ended ${status} (status '${apiStatus}') after ${attempts} attempt${attempts === 1 ? "" : "s"}`, {
    where,
    expected: "a job that completes",
    found: `status ${apiStatus}; ${describeJob(job)}`,
  });
}
