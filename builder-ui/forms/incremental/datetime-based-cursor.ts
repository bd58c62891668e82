import { defineForm } from "../form-declaration.js";
import { CURSOR_VARIABLES } from "./stream-variables.js";

const FORMAT = "%Y-%m-%dT%H:%M:%SZ";

/**
 * Datetime Based Cursor: the stream reads the windows between a start and an end datetime, the
 * records' cursor field saying how far it got (../shared/reference/builder-stream-sections.md §1).
 * A fresh cursor starts at the `start_datetime` user input, as the product's "User Input" does.
 */
export const datetimeBasedCursor = defineForm({
  type: "DatetimeBasedCursor",
  section: "incremental-sync",
  label: "Datetime Based Cursor",
  fields: [
    { id: "cursor-field", key: ["cursor_field"], label: "Cursor Field", required: true, hint: "The record's datetime field the stream's state follows, e.g. updated_at." },
    { id: "cursor-formats", key: ["cursor_datetime_formats"], label: "Cursor Datetime Formats", hint: "The formats of the cursor field's values, comma-separated, in order of preference, e.g. %Y-%m-%dT%H:%M:%SZ, %s." },
    { id: "start-datetime", key: ["start_datetime", "datetime"], label: "Datetime", group: "Start Datetime", control: "template", variables: CURSOR_VARIABLES, hint: "Where the first sync starts, e.g. {{ config['start_datetime'] }}." },
    { id: "start-format", key: ["start_datetime", "datetime_format"], label: "Datetime Format", group: "Start Datetime", hint: "Blank: the cursor's format." },
    { id: "start-min", key: ["start_datetime", "min_datetime"], label: "Min Datetime", group: "Start Datetime", advanced: true },
    { id: "start-max", key: ["start_datetime", "max_datetime"], label: "Max Datetime", group: "Start Datetime", advanced: true },
    { id: "start-option", key: ["start_time_option"], label: "Inject Start Time Into Outgoing HTTP Request", control: "injection", title: "Inject Start Time Into Outgoing HTTP Request" },
    { id: "end-datetime", key: ["end_datetime", "datetime"], label: "Datetime", group: "End Datetime", control: "template", variables: CURSOR_VARIABLES, hint: "Blank: now." },
    { id: "end-format", key: ["end_datetime", "datetime_format"], label: "Datetime Format", group: "End Datetime" },
    { id: "end-option", key: ["end_time_option"], label: "Inject End Time Into Outgoing HTTP Request", control: "injection", title: "Inject End Time Into Outgoing HTTP Request" },
    { id: "datetime-format", key: ["datetime_format"], label: "Outgoing Datetime Format", required: true, hint: "How the start and end are sent to the API, e.g. %Y-%m-%d." },
    { id: "cursor-granularity", key: ["cursor_granularity"], label: "Cursor Granularity", control: "duration", hint: "The smallest unit the API filters by (ISO 8601), e.g. PT1S; set with Step." },
    { id: "step", key: ["step"], label: "Step", control: "duration", hint: "Split the interval into windows of this length (ISO 8601), e.g. P1D." },
    { id: "lookback-window", key: ["lookback_window"], label: "Lookback Window", control: "duration", advanced: true, hint: "Subtracted from the saved cursor before the next sync, e.g. P3D." },
    { id: "clamping-target", key: ["clamping", "target"], label: "Target", group: "Date Range Clamping", advanced: true, hint: "Snap windows to whole periods: DAY, WEEK or MONTH." },
    { id: "data-feed", key: ["is_data_feed"], label: "Data Feed API", advanced: true, hint: "The API cannot filter by date; records come newest first, and the read stops at the saved cursor." },
    { id: "client-side", key: ["is_client_side_incremental"], label: "Client-side Incremental Filtering", advanced: true, hint: "The API cannot filter: records older than the cursor are dropped here." },
    { id: "compare-strictly", key: ["is_compare_strictly"], label: "Strict Start-End Time Comparison", advanced: true },
    { id: "global-cursor", key: ["global_substream_cursor"], label: "Global Substream Cursor", advanced: true },
    { id: "partition-start", key: ["partition_field_start"], label: "Partition Field Start", advanced: true, placeholder: "start_time" },
    { id: "partition-end", key: ["partition_field_end"], label: "Partition Field End", advanced: true, placeholder: "end_time" },
  ],
  template: () => ({
    type: "DatetimeBasedCursor",
    cursor_field: "updated_at",
    cursor_datetime_formats: [FORMAT],
    datetime_format: FORMAT,
    start_datetime: { type: "MinMaxDatetime", datetime: "{{ config['start_datetime'] }}", datetime_format: FORMAT },
  }),
  inputs: [{ name: "start_datetime", title: "Start Datetime", secret: false, required: true, format: "date-time" }],
});
