import { sliceCursor, sliceExtraFields, slicePartition, type Logger, type Requester, type StreamSlice } from "../../sdk/index.js";

/**
 * How long one abort request may take, from the moment it is asked for: its wait for a request slot and
 * for the API budget, every attempt and every retry's backoff included. A read that is stopped while
 * jobs run waits for their aborts (sent at once, all together), so a Ctrl-C never takes longer than this
 * on an API that does not answer; 5 s also fits inside the 10 s a container stop (`docker stop`) allows
 * before it kills the process.
 */
export const ABORT_TIME_LIMIT_MS = 5_000;

/** What aborting a job needs: the manifest's `abort_requester` (none: nothing is sent) and where to warn. */
export interface JobAbortParts {
  abort?: Requester;
  logger: Logger;
}

/**
 * Asks the API to stop a job of this read that is still running on its side (`abort_requester`,
 * through the same requester, authenticator, request slots and API budget as every request), within
 * {@link ABORT_TIME_LIMIT_MS} and independently of the read's own signal (the read may be the thing that
 * stopped). Never throws: a failed abort is a warning naming the stream and the job, and whatever ended
 * the job (the read stopped, the stream failed, the job timed out) stays the outcome.
 *
 * @example
 * await abortJob(parts, job, "orders", "the read was stopped");
 * // warn: could not abort the job {"reportId":"R1"} of stream 'orders' (the read was stopped): HTTP 500 ...
 */
export async function abortJob(parts: JobAbortParts, job: StreamSlice, stream: string, why: string): Promise<void> {
  if (!parts.abort) return;
  const signal = AbortSignal.timeout(ABORT_TIME_LIMIT_MS);
  try {
    const request = await parts.abort.buildRequest({ streamSlice: job });
    await parts.abort.send(request, { signal, where: { stream }, purpose: "job_abort" });
    parts.logger.debug(`aborted ${describeJob(job)} of stream '${stream}' (${why})`, { stream });
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${ABORT_TIME_LIMIT_MS / 1000} s` : error instanceof Error ? error.message : String(error);
    parts.logger.warn(`could not abort ${describeJob(job)} of stream '${stream}' (${why}): ${reason}; it may still be running on the API`, { stream });
  }
}

/**
 * A job as a person can find it: the creation response's body (which holds the API's job id, its
 * response headers left out) and the slice it was created for.
 *
 * @example
 * describeJob(job); // 'the job {"id":"J3"} of slice {"start_time":"2024-01-03T00:00:00Z","end_time":"2024-01-03T23:59:59Z"}'
 */
export function describeJob(job: StreamSlice): string {
  const { headers: _headers, request: _request, ...body } = (sliceExtraFields(job).creation_response ?? {}) as Record<string, unknown>;
  const slice = { ...slicePartition(job), ...sliceCursor(job) };
  return `the job ${excerpt(JSON.stringify(body), 200)}${Object.keys(slice).length > 0 ? ` of slice ${excerpt(JSON.stringify(slice), 200)}` : ""}`;
}

function excerpt(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
