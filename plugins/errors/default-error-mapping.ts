import type { AttemptOutcome } from "../../sdk/index.js";
import type { Resolution } from "./resolution.js";

/**
 * The kit's default classification of statuses (`DEFAULT_ERROR_MAPPING`), used when no response filter
 * matched: 400/404/405 fail (system_error), 401/403 fail (config_error), 408 and 500/502/503/504 retry,
 * 429 is rate limited; a network error or timeout is retried.
 */
const BY_STATUS: Readonly<Record<number, Resolution>> = {
  400: { action: "FAIL", failureType: "system_error", message: "HTTP Status Code: 400. Error: Bad request. Please check your request parameters." },
  401: { action: "FAIL", failureType: "config_error", message: "HTTP Status Code: 401. Error: Unauthorized. Please ensure you are authenticated correctly." },
  403: { action: "FAIL", failureType: "config_error", message: "HTTP Status Code: 403. Error: Forbidden. You don't have permission to access this resource." },
  404: { action: "FAIL", failureType: "system_error", message: "HTTP Status Code: 404. Error: Not found. The requested resource was not found on the server." },
  405: { action: "FAIL", failureType: "system_error", message: "HTTP Status Code: 405. Error: Method not allowed. Please check your request method." },
  408: { action: "RETRY", failureType: "transient_error", message: "HTTP Status Code: 408. Error: Request timeout." },
  429: { action: "RATE_LIMITED", failureType: "transient_error", message: "Rate limit exceeded. Try decreasing concurrency or the number of workers to stay within API rate limits." },
  500: { action: "RETRY", failureType: "transient_error", message: "HTTP Status Code: 500. Error: Internal server error." },
  502: { action: "RETRY", failureType: "transient_error", message: "HTTP Status Code: 502. Error: Bad gateway." },
  503: { action: "RETRY", failureType: "transient_error", message: "HTTP Status Code: 503. Error: Service unavailable." },
  504: { action: "RETRY", failureType: "transient_error", message: "HTTP Status Code: 504. Error: Gateway timeout." },
};

const NETWORK_ERROR: Resolution = { action: "RETRY", failureType: "transient_error", message: "An exception occurred when making the request." };

/**
 * The default resolution of an outcome, or undefined when the status is not in the mapping.
 *
 * @example
 * defaultMapping({ attempt: 1, response: { status: 403, ... } })?.failureType // "config_error"
 */
export function defaultMapping(outcome: AttemptOutcome): Resolution | undefined {
  if (!outcome.response) return NETWORK_ERROR;
  return BY_STATUS[outcome.response.status];
}

/**
 * What the kit falls back to when nothing else classified a response: it retries. Sluice retries only
 * 5xx; any other unmapped status (402, 409, 422...) fails at once, since retrying a client error only
 * delays the same failure (listed in docs/compatibility.md).
 *
 * @example
 * fallbackResolution({ attempt: 1, response: { status: 422, ... } }).action // "FAIL"
 */
export function fallbackResolution(outcome: AttemptOutcome): Resolution {
  const status = outcome.response?.status;
  if (status === undefined || status >= 500) {
    return { action: "RETRY", failureType: "system_error", message: status === undefined ? outcome.error?.message : `Unexpected response with HTTP status ${status}` };
  }
  return { action: "FAIL", failureType: "system_error", message: `Unexpected response with HTTP status ${status}` };
}
