import { BackoffStrategy, type AttemptOutcome, type PythonObject } from "../../../sdk/index.js";
import { wireOutcome } from "./wire-outcome.js";

/**
 * A Python `BackoffStrategy`: `backoff_time(response_or_exception, attempt_count)` seconds, or None
 * for no opinion.
 *
 * @example
 * # components.py
 * class FromBody(BackoffStrategy):
 *     def backoff_time(self, response_or_exception, attempt_count):
 *         return float(response_or_exception.json().get("retry_in", 1))
 */
export class PythonBackoffStrategy extends BackoffStrategy {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  backoffSeconds(outcome: AttemptOutcome): number | undefined {
    const seconds = this.remote.call("backoff_time", [wireOutcome(outcome), outcome.attempt]);
    return typeof seconds === "number" ? seconds : undefined;
  }
}
