import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Incremental sync". */
export const INCREMENTAL_ERRORS = {
  INCREMENTAL_STEP_WITHOUT_GRANULARITY: {
    failureType: "config_error",
    message: "A `DatetimeBasedCursor` has `step` without `cursor_granularity` or the reverse (as the kit, both or neither); raised when the connector is built.",
    action: "Add the missing one, e.g. `step: P1D` with `cursor_granularity: PT1S`.",
  },
  INCREMENTAL_DURATION_INVALID: {
    failureType: "config_error",
    message: "`step`, `cursor_granularity` or `lookback_window` (after its template was evaluated with the config) is not an ISO 8601 duration, or has fractional years/months; `step` and `lookback_window` are checked at the first read.",
    action: "Write a duration such as `P1D`, `PT12H`, `P1M`; check the config value the template reads (`P{{ config['days'] }}D` with no `days` gives `PD`).",
  },
  INCREMENTAL_DATETIME_INVALID: {
    failureType: "config_error",
    message: "`start_datetime`, `end_datetime`, `min_datetime` or `max_datetime` did not parse with its datetime format (its own `datetime_format`, else the cursor's); the field and the format are named (config error).",
    action: "Give the config date in that format, or set `datetime_format` on the `MinMaxDatetime`.",
  },
  INCREMENTAL_STATE_INVALID: {
    failureType: "config_error",
    message: "The saved cursor value in the state (or a slice bound of a concurrent-format state) matches none of `cursor_datetime_formats` + `datetime_format` (config error).",
    action: "Fix or remove the stream's state; it is written in `datetime_format`.",
  },
  INCREMENTAL_COUNT_START_INVALID: {
    failureType: "config_error",
    message: "An `IncrementingCountCursor`'s `start_value` (after its template was evaluated with the config) is not an integer, as the kit's `int()` requires; raised when the connector is built.",
    action: "Give an integer (`start_value: 0`) or a config value holding one.",
  },
  INCREMENTAL_COUNT_WITH_PARTITIONS: {
    failureType: "config_error",
    message: "A stream combines an `IncrementingCountCursor` with a partition router, which the kit refuses (\"does not currently support usage of a PartitionRouter and an IncrementingCountCursor at the same time\"); raised when the connector is built.",
    action: "Use a `DatetimeBasedCursor` for a partitioned stream, or remove the partition router.",
  },
  STATE_INVALID: {
    failureType: "config_error",
    message: "`sluice read --state FILE` is not JSON, or not a list of Airbyte `STREAM` states / a `{stream: state}` object, or an entry has no `stream.stream_descriptor.name` (config error).",
    action: "Pass the list of STATE messages' `state` objects (or the legacy object); see docs/incremental.md.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
