import { apiKey } from "./auth/api-key.js";
import { basicHttp } from "./auth/basic-http.js";
import { bearerToken } from "./auth/bearer-token.js";
import { customAuth } from "./auth/custom.js";
import { declarativeOAuth } from "./auth/declarative-oauth.js";
import { jwt } from "./auth/jwt.js";
import { noAuth } from "./auth/no-auth.js";
import { oauth } from "./auth/oauth.js";
import { selective } from "./auth/selective.js";
import { sessionToken } from "./auth/session-token.js";
import { constantBackoffStrategy } from "./error-handler/constant-backoff-strategy.js";
import { defaultErrorHandler } from "./error-handler/default-error-handler.js";
import { exponentialBackoffStrategy } from "./error-handler/exponential-backoff-strategy.js";
import { httpResponseFilter } from "./error-handler/http-response-filter.js";
import { waitTimeFromHeader } from "./error-handler/wait-time-from-header.js";
import { waitUntilTimeFromHeader } from "./error-handler/wait-until-time-from-header.js";
import type { FormDeclaration, FormSection } from "./form-declaration.js";
import { datetimeBasedCursor } from "./incremental/datetime-based-cursor.js";
import { incrementingCountCursor } from "./incremental/incrementing-count-cursor.js";
import { listPartitionRouter } from "./partitioning/list-partition-router.js";
import { substreamPartitionRouter } from "./partitioning/substream-partition-router.js";
import { recordFilter } from "./record-filter/record-filter.js";
import { addFields } from "./transformations/add-fields.js";
import { dpathFlattenFields } from "./transformations/dpath-flatten-fields.js";
import { flattenFields } from "./transformations/flatten-fields.js";
import { keysReplace } from "./transformations/keys-replace.js";
import { keysToLower } from "./transformations/keys-to-lower.js";
import { keysToSnakeCase } from "./transformations/keys-to-snake-case.js";
import { removeFields } from "./transformations/remove-fields.js";
import { cursorPagination } from "./pagination/cursor-pagination.js";
import { customPaginationStrategy } from "./pagination/custom-pagination-strategy.js";
import { offsetIncrement } from "./pagination/offset-increment.js";
import { pageIncrement } from "./pagination/page-increment.js";

/**
 * The one registry of the page's forms: every component kind's declaration, by section, in the
 * product's order (a section's selector lists them so). Adding a kind's form is its declaration file
 * and one line here (docs/builder.md, "Extending the page").
 *
 * @example
 * formsIn("pagination").map((f) => f.label) // ["Offset Increment", "Page Increment", "Cursor Pagination", "Custom Pagination Strategy"]
 * formOf("JwtAuthenticator")?.label // "JWT"
 */
const FORMS: readonly FormDeclaration[] = [
  // Authentication, in the product's order.
  noAuth,
  basicHttp,
  bearerToken,
  apiKey,
  jwt,
  oauth,
  sessionToken,
  selective,
  customAuth,
  declarativeOAuth,
  // Pagination methods, in the product's order.
  offsetIncrement,
  pageIncrement,
  cursorPagination,
  customPaginationStrategy,
  // A stream's other sections (builder-ui/forms/section-registry.ts), each in the product's order.
  datetimeBasedCursor,
  incrementingCountCursor,
  listPartitionRouter,
  substreamPartitionRouter,
  recordFilter,
  removeFields,
  addFields,
  keysToLower,
  keysToSnakeCase,
  flattenFields,
  dpathFlattenFields,
  keysReplace,
  defaultErrorHandler,
  httpResponseFilter,
  constantBackoffStrategy,
  exponentialBackoffStrategy,
  waitTimeFromHeader,
  waitUntilTimeFromHeader,
];

/** The forms of a section, in order. */
export function formsIn(section: FormSection): readonly FormDeclaration[] {
  return FORMS.filter((form) => form.section === section);
}

/** The form of a component type in a section (a `Custom*` type the section's Custom form when it has one). */
export function formOf(type: string, section: FormSection): FormDeclaration | undefined {
  const forms = formsIn(section);
  return forms.find((form) => form.type === type) ?? (type.startsWith("Custom") ? forms.find((form) => form.type.startsWith("Custom")) : undefined);
}
