import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Concurrency, transports and API budgets". */
export const CONCURRENCY_ERRORS = {
  CONCURRENCY_INVALID: {
    failureType: "config_error",
    message: "`sluice read --concurrency` is not a whole number of at least 1.",
    action: "Pass `--concurrency 1`, `4`, `10`... (slices read at once).",
  },
  CONCURRENCY_LEVEL_INVALID: {
    failureType: "config_error",
    message: "The manifest's `concurrency_level.default_concurrency` did not evaluate to a whole number of at least 1, or it reads the config without a `max_concurrency` (as the kit requires).",
    action: "Fix the template or the config value it reads; add `max_concurrency` as the safeguard.",
  },
  READ_INTERRUPTED: {
    failureType: "transient_error",
    message: "A stream's read was stopped before it finished: the process got SIGINT or SIGTERM (`sluice read`, the source image), or the host aborted the read's signal. The stream ends INCOMPLETE with this error; the records read before the stop were delivered, no full-refresh final STATE is emitted, and the states emitted cover only slices that were finished.",
    action: "Run the read again: an incremental stream resumes from its last STATE, a full-refresh stream is read again from the start.",
  },
  READ_ALREADY_STARTED: {
    failureType: "system_error",
    message: "A `connector.readAll()` result was iterated a second time (with `for await` or `pages()`).",
    action: "Call `connector.readAll()` again for another read.",
  },
  TRANSPORT_UNKNOWN: {
    failureType: "config_error",
    message: "`--transport` or `transport:` in the Sluice config file names no built-in transport.",
    action: "Use `node-fetch` (default) or `undici`, or register a `Fetch` service from a plugin.",
  },
  BUDGET_INVALID: {
    failureType: "config_error",
    message: "An `api_budget` part is unusable: an interval that is not a positive ISO 8601 duration, a rate limit or matcher weight that is not a whole number of at least 1, a weight above the policy's limit (it could never be served), or a `url_path_pattern` that is not a regular expression; the manifest path is named.",
    action: "Fix the field at the path shown.",
  },
  BUDGET_WAIT_TOO_LONG: {
    failureType: "transient_error",
    message: "A request would have to wait longer for its turn from the API budget than the host allows (`http.maxBudgetWaitMs`, default 10 minutes); the policy, its limits and the wait are named.",
    action: "Sync later (a daily quota is spent), or raise the bound if waiting that long is acceptable.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
