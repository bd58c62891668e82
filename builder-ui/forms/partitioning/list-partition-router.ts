import { defineForm } from "../form-declaration.js";

/**
 * Parameterized Requests (a `ListPartitionRouter`): one request per value of a list, the value
 * reachable as `{{ stream_partition['<identifier>'] }}` and optionally injected into the request.
 */
export const listPartitionRouter = defineForm({
  type: "ListPartitionRouter",
  section: "partition-router",
  label: "Parameterized Requests",
  fields: [
    { id: "partition-values", key: ["values"], label: "Parameter Values", control: "list", required: true, hint: "The values, comma-separated, e.g. open, closed; or an array user input such as {{ config['ids'] }}." },
    { id: "partition-identifier", key: ["cursor_field"], label: "Current Parameter Value Identifier", required: true, hint: "Its name in templates: {{ stream_partition['<identifier>'] }}." },
    { id: "partition-option", key: ["request_option"], label: "Inject value into outgoing HTTP Request", control: "injection", title: "Inject value into outgoing HTTP Request" },
  ],
  template: () => ({ type: "ListPartitionRouter", values: [], cursor_field: "parameter" }),
});
