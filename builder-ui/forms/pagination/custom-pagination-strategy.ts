import { defineForm } from "../form-declaration.js";

/** Custom Pagination Strategy: a class in the connector folder extending PaginationStrategy. */
export const customPaginationStrategy = defineForm({
  type: "CustomPaginationStrategy",
  section: "pagination",
  label: "Custom Pagination Strategy",
  fields: [{ id: "pagination-class", key: ["class_name"], label: "Class Name", hint: "source_<name>.<package>.<Class>: a class in the connector folder extending PaginationStrategy." }],
  injections: [
    { key: "page_size_option", title: "Inject page size into outgoing HTTP request", fieldName: "page_size" },
    { key: "page_token_option", title: "Inject page token into outgoing HTTP request", fieldName: "page", path: true },
  ],
});
