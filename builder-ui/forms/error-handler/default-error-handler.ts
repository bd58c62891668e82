import { defineForm } from "../form-declaration.js";

/**
 * Error Handler (a `DefaultErrorHandler`): response filters say what a response means (retry, ignore,
 * fail...), backoff strategies how long to wait before a retry, Max Retry Count how often.
 */
export const defaultErrorHandler = defineForm({
  type: "DefaultErrorHandler",
  section: "error-handler",
  label: "Default Error Handler",
  fields: [
    { id: "response-filters", key: ["response_filters"], label: "Response Filters", control: "components", items: "response-filter", noun: "response filter" },
    { id: "backoff-strategies", key: ["backoff_strategies"], label: "Backoff Strategies", control: "components", items: "backoff-strategy", noun: "backoff strategy" },
    { id: "max-retries", key: ["max_retries"], label: "Max Retry Count", control: "integer", placeholder: "5" },
  ],
  template: () => ({ type: "DefaultErrorHandler" }),
});
