import { defineForm } from "../form-declaration.js";

/**
 * Parent Stream (a `SubstreamPartitionRouter` with one parent, as the product writes one per item):
 * one partition per record of the parent stream, its key reachable as `{{ stream_partition.<identifier> }}`.
 */
export const substreamPartitionRouter = defineForm({
  type: "SubstreamPartitionRouter",
  section: "partition-router",
  label: "Parent Stream",
  fields: [
    { id: "parent-stream", key: ["parent_stream_configs", "0", "stream"], label: "Parent Stream", control: "stream", required: true, hint: "Another stream of this connector (never one that depends on this one)." },
    { id: "parent-key", key: ["parent_stream_configs", "0", "parent_key"], label: "Parent Key", required: true, hint: "The parent record's field, e.g. id." },
    { id: "partition-field", key: ["parent_stream_configs", "0", "partition_field"], label: "Current Parent Key Value Identifier", required: true, hint: "Its name in templates: {{ stream_partition.<identifier> }}." },
    { id: "incremental-dependency", key: ["parent_stream_configs", "0", "incremental_dependency"], label: "Incremental Parent", control: "boolean", hint: "Read the parent incrementally too (the child must be incremental)." },
    { id: "parent-option", key: ["parent_stream_configs", "0", "request_option"], label: "Inject Parent Key into outgoing HTTP Request", control: "injection", title: "Inject Parent Key into outgoing HTTP Request" },
  ],
  template: () => ({ type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: { $ref: "#/streams/0" }, parent_key: "id", partition_field: "parent_id" }] }),
});
