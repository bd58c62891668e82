import { ErrorHandler, type AttemptOutcome, type ErrorDecision, type FailureType, type PythonObject } from "../../../sdk/index.js";
import { wireOutcome } from "./wire-outcome.js";

/** The kit's `ErrorResolution`, as it crosses the bridge (its enums as their values). */
interface WireResolution {
  response_action?: string | null;
  failure_type?: string | null;
  error_message?: string | null;
}

const FAILURE_TYPES = new Set(["system_error", "config_error", "transient_error"]);

/**
 * A Python `ErrorHandler`: `interpret_response(response_or_exception)` once per attempt, a bridge call
 * the HTTP client awaits; its `ErrorResolution` becomes the decision (`SUCCESS`, `RETRY`/`RATE_LIMITED`,
 * `IGNORE`, `FAIL` with its message and failure type). `max_retries` and `max_time` (seconds) are read
 * once, when it is built ({@link pythonErrorHandler}).
 *
 * @example
 * # components.py
 * class NotFoundIsEmpty(ErrorHandler):
 *     max_retries = 3
 *     max_time = 60
 *     def interpret_response(self, response_or_exception=None):
 *         if getattr(response_or_exception, "status_code", None) == 404:
 *             return ErrorResolution(ResponseAction.IGNORE)
 *         return ErrorResolution(ResponseAction.SUCCESS)
 */
export class PythonErrorHandler extends ErrorHandler {
  constructor(
    private readonly remote: PythonObject,
    override readonly maxRetries: number | undefined,
    override readonly maxTimeMs: number | undefined,
  ) {
    super();
  }

  async decide(outcome: AttemptOutcome): Promise<ErrorDecision | undefined> {
    const resolution = ((await this.remote.call("interpret_response", [wireOutcome(outcome)], {}, { signal: outcome.signal })) ?? {}) as WireResolution;
    const reason = resolution.error_message ?? undefined;
    switch (resolution.response_action) {
      case "SUCCESS":
        return { action: "success" };
      case "IGNORE":
        return { action: "ignore", ...(reason ? { reason } : {}) };
      case "FAIL": {
        const failureType = FAILURE_TYPES.has(String(resolution.failure_type)) ? (resolution.failure_type as FailureType) : undefined;
        return { action: "fail", ...(reason ? { message: reason } : {}), ...(failureType ? { failureType } : {}) };
      }
      case "RETRY":
      case "RATE_LIMITED":
      case "REFRESH_TOKEN_THEN_RETRY":
        return { action: "retry", ...(reason ? { reason } : {}) };
      default:
        return undefined;
    }
  }
}

/**
 * A {@link PythonErrorHandler} with its `max_retries` and `max_time` read from the Python object.
 *
 * @example
 * const handler = await pythonErrorHandler(remote);
 */
export async function pythonErrorHandler(remote: PythonObject): Promise<PythonErrorHandler> {
  const [retries, seconds] = await Promise.all([remote.get("max_retries"), remote.get("max_time")]);
  return new PythonErrorHandler(remote, typeof retries === "number" ? retries : undefined, typeof seconds === "number" ? seconds * 1000 : undefined);
}
