import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Pagination". */
export const PAGINATION_ERRORS = {
  PAGINATION_RESET_REQUIRED: {
    failureType: "system_error",
    message: "The error handler answered `RESET_PAGINATION`: the slice's pagination starts again from its first page (as in the kit; a `pagination_reset` says how often). Seen as an error only when the retriever cannot reset (the response was not a page of a SimpleRetriever).",
    action: "Nothing when it is handled; otherwise check which request the `RESET_PAGINATION` filter matched.",
  },
  PAGINATION_RESET_LIMIT: {
    failureType: "system_error",
    message: "A slice's pagination was reset more often than the kit allows with the same slice (twice without a cursor: the kit's \"There were 2 attempts with the same slice already while the max allowed is 2\"); the records read before were delivered.",
    action: "Check why the API keeps asking for a reset (`RESET_PAGINATION` filter) or why the `limits.number_of_records` is reached again.",
  },
  PAGINATION_REPEATED_TOKEN: {
    failureType: "system_error",
    message: "A page token already used in this stream's read (this partition) came back: the API's cursor cycles or its next URL points back. The records read before were delivered.",
    action: "Check `cursor_value` reads the *next* cursor (not the current one); check the token is put into the request (`page_token_option`).",
  },
  PAGINATION_NO_PROGRESS: {
    failureType: "system_error",
    message: "The next page's request is identical to the previous one, so the read would loop.",
    action: "Put the token into the request: set `page_token_option`, or use `next_page_token` in the requester's templates.",
  },
  PAGINATION_PAGE_CAP: {
    failureType: "system_error",
    message: "The stream made as many requests as `readLimits.maxPages` allows (default 1,000,000).",
    action: "If the API really has more pages, raise `readLimits.maxPages`; otherwise find why pagination does not end.",
  },
  PAGINATION_PAGE_SIZE_INVALID: {
    failureType: "config_error",
    message: "A `page_size` is not an integer (or its template does not render one).",
    action: "Give a number, or a template that renders one (`\"{{ config['page_size'] }}\"` with a numeric config value).",
  },
  PAGINATION_PAGE_SIZE_MISSING: {
    failureType: "config_error",
    message: "`page_size_option` is set but the pagination strategy has no `page_size`.",
    action: "Add `page_size` to the strategy, or remove `page_size_option`.",
  },
  PAGINATION_OPTION_COLLISION: {
    failureType: "config_error",
    message: "`page_size_option` and `page_token_option` write the same field.",
    action: "Give them different `field_name`s (or targets).",
  },
  PAGINATION_TOKEN_INVALID: {
    failureType: "system_error",
    message: "`OffsetIncrement`/`PageIncrement` received a previous token that is not an integer (a custom component or initial token gave another type).",
    action: "Make the token an integer.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
