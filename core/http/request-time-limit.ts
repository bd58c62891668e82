import { HttpRequestError, type ErrorHandler, type SluiceError, type ErrorLocation } from "../../sdk/index.js";

/**
 * The total time one request may take, attempts and waits included: the host's request deadline
 * (`http.requestDeadlineMs`, `--request-deadline`), or the error handler's `max_time` when that is
 * tighter. Which of the two it is decides the error a request that runs out of time fails with.
 *
 * @example
 * requestTimeLimit(180_000, { maxTimeMs: 30_000 }) // { ms: 30_000, source: "max_time" }
 */
export interface RequestTimeLimit {
  ms: number;
  source: "deadline" | "max_time";
}

export function requestTimeLimit(requestDeadlineMs: number, handler: Pick<ErrorHandler, "maxTimeMs"> | undefined): RequestTimeLimit {
  const maxTimeMs = handler?.maxTimeMs;
  if (maxTimeMs !== undefined && maxTimeMs < requestDeadlineMs) return { ms: maxTimeMs, source: "max_time" };
  return { ms: requestDeadlineMs, source: "deadline" };
}

/**
 * The error of a request whose time limit would pass before its next attempt: `HTTP_MAX_TIME` or
 * `HTTP_DEADLINE`, naming the limit, the attempts made and the last attempt's failure (its cause).
 */
export function outOfTime(limit: RequestTimeLimit, label: string, attempts: number, last: SluiceError, where: ErrorLocation): HttpRequestError {
  const span = seconds(limit.ms);
  const tries = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
  const options = { where: { ...where, request: label }, failureType: "transient_error" as const, found: last.message, cause: last };
  if (limit.source === "max_time") {
    return new HttpRequestError("HTTP_MAX_TIME", `${label} did not succeed within the error handler's max_time of ${span} (${tries}); last: ${last.message}`, {
      ...options,
      expected: `a successful response within ${span} (the error handler's max_time)`,
    });
  }
  return new HttpRequestError("HTTP_DEADLINE", `${label} did not succeed within its deadline of ${span} (${tries}); last: ${last.message}`, {
    ...options,
    expected: `a successful response within ${span} (--request-deadline, http.requestDeadlineMs)`,
  });
}

/** `30 s`, `0.25 s`: a duration for a message. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}
