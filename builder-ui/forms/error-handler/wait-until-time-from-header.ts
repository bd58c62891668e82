import { defineForm } from "../form-declaration.js";

/** Wait Until Time Defined In Response Header: a header gives the time to wait until (an epoch). */
export const waitUntilTimeFromHeader = defineForm({
  type: "WaitUntilTimeFromHeader",
  section: "backoff-strategy",
  label: "Wait Until Time Defined In Response Header",
  fields: [
    { id: "until-header", key: ["header"], label: "Response Header", required: true, control: "template", variables: ["config"] },
    { id: "until-min", key: ["min_wait"], label: "Minimum Wait Time", control: "integer" },
    { id: "until-regex", key: ["regex"], label: "Extraction Regex" },
  ],
  template: () => ({ type: "WaitUntilTimeFromHeader", header: "X-RateLimit-Reset" }),
});
