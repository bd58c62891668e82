/** The template variables of a cursor value and a stop condition (the kit's context for them). */
export const CURSOR_VARIABLES = ["config", "headers (the parsed Link header as headers.link, e.g. headers.link.next.url)", "last_page_size", "last_record", "last_records", "response"] as const;
