import { BackoffStrategy, type AttemptOutcome, type PythonObject } from "../../../sdk/index.js";
import { wireOutcome } from "./wire-outcome.js";

/**
 * A Python `BackoffStrategy`: `backoff_time(response_or_exception, attempt_count)` seconds, or None
 * for no opinion: a bridge call the HTTP client awaits before it waits.
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

  async backoffSeconds(outcome: AttemptOutcome): Promise<number | undefined> {
    const seconds = await this.remote.call("backoff_time", [wireOutcome(outcome), outcome.attempt], {}, { signal: outcome.signal });
    return typeof seconds === "number" ? seconds : undefined;
  }
}
