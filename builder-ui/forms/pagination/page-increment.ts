import { defineForm } from "../form-declaration.js";

/** Page Increment: page + 1 each time from Start From Page; ends on a page shorter than the page size. */
export const pageIncrement = defineForm({
  type: "PageIncrement",
  section: "pagination",
  label: "Page Increment",
  fields: [
    { id: "pagination-page-size", key: ["page_size"], label: "Page size", hint: "Records per page: an integer, or a template such as {{ config['page_size'] }}." },
    { id: "pagination-start-page", key: ["start_from_page"], label: "Start From Page", hint: "The first page's number. Default 0." },
    { id: "pagination-page-first", key: ["inject_on_first_request"], label: "Inject Page Number on First Request", hint: "On: the first request carries the start page. Default off." },
  ],
  injections: [
    { key: "page_size_option", title: "Inject page size into outgoing HTTP request", fieldName: "page_size" },
    { key: "page_token_option", title: "Inject page number into outgoing HTTP request", fieldName: "page" },
  ],
});
