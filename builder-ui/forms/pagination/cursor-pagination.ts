import { defineForm } from "../form-declaration.js";
import { CURSOR_VARIABLES } from "./cursor-variables.js";

/**
 * Cursor Pagination: the next cursor read from the response (the section's "Next page cursor" writes
 * the two templates for a body or header path; Custom shows them as fields).
 */
export const cursorPagination = defineForm({
  type: "CursorPagination",
  section: "pagination",
  label: "Cursor Pagination",
  fields: [
    { id: "pagination-cursor-value", key: ["cursor_value"], label: "Cursor value", control: "template", variables: CURSOR_VARIABLES, hint: "The next page's cursor, e.g. {{ response.next_cursor }}." },
    { id: "pagination-stop", key: ["stop_condition"], label: "Stop condition", control: "template", variables: CURSOR_VARIABLES, hint: "True on the last page, e.g. {{ not response.next_cursor }}." },
    { id: "pagination-cursor-page-size", key: ["page_size"], label: "Page size", hint: "Optional: records per page, injected as below." },
  ],
  injections: [
    { key: "page_size_option", title: "Inject page size into outgoing HTTP request", fieldName: "page_size" },
    { key: "page_token_option", title: "Inject cursor into outgoing HTTP request", fieldLabel: "Cursor parameter name", fieldName: "cursor", path: true },
  ],
});
