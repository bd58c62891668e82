import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Partition routers". */
export const PARTITIONS_ERRORS = {
  PARTITION_VALUES_INVALID: {
    failureType: "config_error",
    message: "A `ListPartitionRouter`'s `values` template evaluated to something other than a list (a string, a number, a mapping, or None because the config field is missing), reported when the stream is read; the value itself is not printed (config error).",
    action: "Give the config field as an array (`repositories: [\"octo/hello\"]`), or write `values` as a list in the manifest.",
  },
  PARTITION_GROUP_KEYS: {
    failureType: "config_error",
    message: "A `GroupingPartitionRouter`'s underlying router made a partition with more than one key (besides `parent_slice`); the keys are listed.",
    action: "Group a router whose partitions have one key (one parent stream, or a list router).",
  },
  PARTITION_UNION_FIELD: {
    failureType: "config_error",
    message: "A `UnionPartitionRouter`'s child router made a partition without the union's `partition_field`, or with a list or object as its value (the kit deduplicates hashable values only); the partition's keys are listed.",
    action: "Give every child router the same `partition_field` (a ListPartitionRouter's `cursor_field`, a parent config's `partition_field`), with scalar values.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
