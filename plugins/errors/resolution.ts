import type { AttemptOutcome, ErrorDecision, FailureType } from "../../sdk/index.js";

/**
 * The kit's response actions. `RATE_LIMITED` and `REFRESH_TOKEN_THEN_RETRY` retry like `RETRY`;
 * `RESET_PAGINATION` starts the slice's pagination again from its first page (see PaginationReset);
 * `REDUCE_PAGE_SIZE` and `SPLIT_REQUEST_WINDOW` (no longer in the kit's schema) are accepted in manifests
 * but end the read with a clear error (Sluice does not reshape requests).
 */
export const RESPONSE_ACTIONS = [
  "SUCCESS",
  "FAIL",
  "RETRY",
  "IGNORE",
  "RATE_LIMITED",
  "REFRESH_TOKEN_THEN_RETRY",
  "RESET_PAGINATION",
  "REDUCE_PAGE_SIZE",
  "SPLIT_REQUEST_WINDOW",
] as const;
export type ResponseAction = (typeof RESPONSE_ACTIONS)[number];

/** The failure types a manifest may name (`failure_type`). */
export const FAILURE_TYPES: readonly FailureType[] = ["config_error", "system_error", "transient_error"];

/**
 * What a response filter or error handler concluded about one attempt (the kit's `ErrorResolution`).
 *
 * @example
 * { action: "FAIL", failureType: "config_error", message: "HTTP Status Code: 401. Error: Unauthorized. ..." }
 */
export interface Resolution {
  action: ResponseAction;
  failureType?: FailureType;
  message?: string;
}

const RETRY_ACTIONS: ReadonlySet<ResponseAction> = new Set(["RETRY", "RATE_LIMITED", "REFRESH_TOKEN_THEN_RETRY"]);

/** Whether the action asks for another attempt. */
export function isRetry(action: ResponseAction): boolean {
  return RETRY_ACTIONS.has(action);
}

/**
 * The decision the HTTP client acts on. As in the kit, an IGNOREd or SUCCESSful response that is not
 * ok (status >= 400) yields no records and ends the stream's pagination, while an IGNOREd ok response
 * is read like any other page (the kit logs and returns it).
 *
 * @example
 * toDecision({ action: "IGNORE" }, { attempt: 1, response: { status: 404, ... } }) // { action: "ignore", ... }
 */
export function toDecision(resolution: Resolution, outcome: AttemptOutcome, delayMs?: number): ErrorDecision {
  const ok = outcome.response !== undefined && outcome.response.status < 400;
  switch (resolution.action) {
    case "SUCCESS":
    case "IGNORE":
      if (ok) return { action: "success" };
      if (!outcome.response) return { action: "retry", delayMs, reason: resolution.message };
      return { action: "ignore", reason: resolution.message };
    case "FAIL":
      return { action: "fail", message: resolution.message, failureType: resolution.failureType ?? "system_error" };
    case "RESET_PAGINATION":
      return { action: "reset_pagination", reason: resolution.message };
    case "RATE_LIMITED":
      return { action: "retry", delayMs, reason: resolution.message, rateLimited: true };
    case "RETRY":
    case "REFRESH_TOKEN_THEN_RETRY":
      return { action: "retry", delayMs, reason: resolution.message };
    default:
      return {
        action: "fail",
        message: `The error handler asked for ${resolution.action}, which Sluice does not support yet${resolution.message ? ` (${resolution.message})` : ""}`,
        failureType: "system_error",
      };
  }
}
