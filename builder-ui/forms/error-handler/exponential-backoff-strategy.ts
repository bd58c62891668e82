import { defineForm } from "../form-declaration.js";

/** Exponential Backoff: factor × 2^attempt seconds. */
export const exponentialBackoffStrategy = defineForm({
  type: "ExponentialBackoffStrategy",
  section: "backoff-strategy",
  label: "Exponential Backoff",
  fields: [{ id: "backoff-factor", key: ["factor"], label: "Factor", control: "integer", placeholder: "5" }],
});
