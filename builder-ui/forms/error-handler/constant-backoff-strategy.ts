import { defineForm } from "../form-declaration.js";

/** Constant Backoff: the same wait before every retry. */
export const constantBackoffStrategy = defineForm({
  type: "ConstantBackoffStrategy",
  section: "backoff-strategy",
  label: "Constant Backoff",
  fields: [{ id: "backoff-time", key: ["backoff_time_in_seconds"], label: "Backoff Time", control: "integer", required: true, hint: "Seconds." }],
  template: () => ({ type: "ConstantBackoffStrategy", backoff_time_in_seconds: 5 }),
});
