import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Dynamic streams, query properties and async jobs". */
export const DYNAMIC_STREAMS_ERRORS = {
  DYNAMIC_STREAM_NAME: {
    failureType: "config_error",
    message: "A dynamic stream made from a `stream_template` has no string `name`, or the same name as another stream (static or dynamic); both stream paths are named.",
    action: "Map a distinct value onto `name` in `components_mapping` (e.g. `{{ components_values.id }}`); with `ConfigComponentsResolver`, remove the duplicate entry from the config.",
  },
  DYNAMIC_MAPPING_INVALID: {
    failureType: "config_error",
    message: "A `ComponentMappingDefinition` could not be applied: its `field_path` rendered to an empty key, or its value is not valid for the field (the generated stream is then validated like any manifest stream).",
    action: "Check `field_path` and `value` against the `stream_template`; the field must exist unless `create_or_update: true`.",
  },
  DYNAMIC_SCHEMA_INVALID: {
    failureType: "system_error",
    message: "A `DynamicSchemaLoader` found a field whose key or type is missing or not a string after `types_mapping`, in the API's schema response.",
    action: "Map the API's type with a `TypesMap` (`current_type` -> `target_type`), or correct `key_pointer`/`type_pointer`.",
  },
  QUERY_PROPERTIES_INVALID: {
    failureType: "config_error",
    message: "`QueryProperties` is misplaced or misconfigured: more than one in `request_parameters`, a `PropertyChunking` limit smaller than one property, or chunked records without a `record_merge_strategy` key.",
    action: "Use one `QueryProperties` per requester, a `property_limit` of at least 1, and a `GroupByKeyMergeStrategy` key present in every record.",
  },
  ASYNC_JOB_FAILED: {
    failureType: "system_error",
    message: "An `AsyncRetriever` job ended in a status that `status_mapping` maps to `failed` (or `timeout`), or its polling gave a status no list of `status_mapping` names; the job, the status and the stream are named.",
    action: "Check the API's job (the creation response is in the error); add an unknown status to the right list of `status_mapping`.",
  },
  ASYNC_JOB_TIMEOUT: {
    failureType: "transient_error",
    message: "An `AsyncRetriever` job was still running when `polling_job_timeout` (minutes; default 60) ran out; the abort requester, if any, was called.",
    action: "Raise `polling_job_timeout`, or ask for smaller jobs (a shorter date window per slice).",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
