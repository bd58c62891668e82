import { SluiceError } from "../../sdk/index.js";

/**
 * The error of a stream whose read was stopped before it finished.
 *
 * @example
 * readInterrupted("users", new Error("interrupted by SIGTERM")).code; // "READ_INTERRUPTED"
 */
export function readInterrupted(stream: string, reason: unknown): SluiceError {
  const why = reason instanceof Error ? reason.message : String(reason ?? "the read was aborted");
  return new SluiceError("READ_INTERRUPTED", `The read of stream '${stream}' was interrupted before it finished (${why}); the records before the stop were delivered, the rest of the stream was not read`, {
    failureType: "transient_error",
    where: { stream },
    expected: "a read that runs to its end",
    found: why,
    cause: reason,
  });
}
