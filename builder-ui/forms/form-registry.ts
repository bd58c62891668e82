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
import type { FormDeclaration, FormSection } from "./form-declaration.js";
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
