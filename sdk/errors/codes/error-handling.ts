import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Error handling". */
export const ERROR_HANDLING_ERRORS = {
  RATE_LIMIT_WAIT_TOO_LONG: {
    failureType: "transient_error",
    message: "A `WaitTimeFromHeader` / `WaitUntilTimeFromHeader` strategy read a wait longer than its `max_waiting_time_in_seconds`, so the read stops instead of sleeping (transient error).",
    action: "Run the sync again later, or raise `max_waiting_time_in_seconds` if waiting that long is acceptable.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
