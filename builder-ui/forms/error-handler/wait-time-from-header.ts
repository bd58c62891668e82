import { defineForm } from "../form-declaration.js";

/** Wait Time Extracted From Response Header: the seconds a header gives (`Retry-After`). */
export const waitTimeFromHeader = defineForm({
  type: "WaitTimeFromHeader",
  section: "backoff-strategy",
  label: "Wait Time Extracted From Response Header",
  fields: [
    { id: "wait-header", key: ["header"], label: "Response Header Name", required: true, control: "template", variables: ["config"] },
    { id: "wait-regex", key: ["regex"], label: "Extraction Regex", hint: "One capture group." },
    { id: "wait-max", key: ["max_waiting_time_in_seconds"], label: "Max Waiting Time in Seconds", control: "integer" },
  ],
  template: () => ({ type: "WaitTimeFromHeader", header: "Retry-After" }),
});
