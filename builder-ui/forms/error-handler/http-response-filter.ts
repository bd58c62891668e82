import { defineForm } from "../form-declaration.js";

/** A response filter: a response matching any of its conditions gets its Action. */
export const httpResponseFilter = defineForm({
  type: "HttpResponseFilter",
  section: "response-filter",
  label: "Response Filter",
  fields: [
    { id: "filter-action", key: ["action"], label: "Action", required: true },
    { id: "filter-codes", key: ["http_codes"], label: "HTTP Codes", control: "list", hint: "Comma-separated, e.g. 429, 503." },
    { id: "filter-contains", key: ["error_message_contains"], label: "Error Message Substring", hint: "Matches text in the response body." },
    { id: "filter-predicate", key: ["predicate"], label: "Predicate", control: "template", variables: ["response", "headers"], placeholder: "{{ condition logic }}" },
    { id: "filter-message", key: ["error_message"], label: "Error Message", control: "template", variables: ["config", "response", "headers"] },
    { id: "filter-failure", key: ["failure_type"], label: "Failure Type", advanced: true },
  ],
  template: () => ({ type: "HttpResponseFilter", action: "IGNORE", http_codes: [404] }),
});
