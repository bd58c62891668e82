/** The template variables a stream section's value may use (a filter, a transformation, a partition's values). */
export const RECORD_VARIABLES = ["record", "config", "stream_interval", "stream_partition", "stream_slice", "next_page_token"] as const;

/** The variables a cursor's start and end may use. */
export const CURSOR_VARIABLES = ["config", "now_utc()", "day_delta()"] as const;
