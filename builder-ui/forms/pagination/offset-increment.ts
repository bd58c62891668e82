import { defineForm } from "../form-declaration.js";

/** Offset Increment: the offset grows by the records received; ends on a page shorter than the limit. */
export const offsetIncrement = defineForm({
  type: "OffsetIncrement",
  section: "pagination",
  label: "Offset Increment",
  fields: [
    { id: "pagination-limit", key: ["page_size"], label: "Limit", hint: "Records per page: an integer, or a template such as {{ config['page_size'] }}." },
    { id: "pagination-offset-first", key: ["inject_on_first_request"], label: "Inject Offset on First Request", hint: "On: the first request carries offset 0. Default off." },
  ],
  injections: [
    { key: "page_size_option", title: "Inject limit into outgoing HTTP request", fieldName: "limit" },
    { key: "page_token_option", title: "Inject offset into outgoing HTTP request", fieldName: "offset" },
  ],
});
