import type { FailureType } from "./failure-type.js";

/**
 * One row of the error catalogue: what a code means and what to do about it (the two columns of
 * docs/errors.md, which is generated from the catalogue), and the failure type an error with this code
 * reports when the code that raises it does not choose one.
 *
 * @example
 * PAGINATION_REPEATED_TOKEN: {
 *   failureType: "system_error",
 *   message: "A page token repeated, so the next request would fetch a page already read.",
 *   action: "Check the cursor template against the API's response.",
 * }
 */
export interface ErrorCodeEntry {
  /** The failure type in the Airbyte TRACE message, unless the raise site says otherwise. */
  readonly failureType: FailureType;
  /** The generic message: what every error with this code means. The raised error's own message adds the specifics. */
  readonly message: string;
  /** What a user does about it. */
  readonly action: string;
}
