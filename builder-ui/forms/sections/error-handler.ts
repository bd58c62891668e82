import { defineSection } from "../section-declaration.js";

/** Error Handler: what an error response means and how retries wait (`retriever.requester.error_handler`). */
export const errorHandler = defineSection({
  id: "error-handler",
  title: "Error Handler",
  path: "retriever.requester.error_handler",
  forms: "error-handler",
  shape: "one",
  note: "Off: 429 and 5XX responses are retried 5 times with exponential backoff, other errors fail the read.",
});
