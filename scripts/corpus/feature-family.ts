/**
 * The area a failure reason belongs to, so the corpus report can say "N manifests are blocked only by
 * error handling" (what implementing one area would unblock). Decided by the field the unsupported
 * type sits in; a Python class (`Custom*`) is its own family wherever it sits.
 *
 * @example
 * featureFamily("backoff_strategies: WaitTimeFromHeader") === "error handling"
 * featureFamily("incremental_sync: DatetimeBasedCursor") === "incremental sync"
 */
export function featureFamily(feature: string): string {
  const [field = "", type = ""] = feature.split(": ");
  if (/^Custom/.test(type) || type.includes("custom code")) return "custom (Python) components";
  const family = FAMILIES[field];
  if (family) return family;
  return /^[A-Z_]+ /.test(feature) ? `other: ${feature.split(" ")[0]}` : `other: ${field}`;
}

const FAMILIES: Record<string, string> = {
  error_handler: "error handling",
  error_handlers: "error handling",
  response_filters: "error handling",
  backoff_strategies: "error handling",
  backoff_strategy: "error handling",
  incremental_sync: "incremental sync",
  start_datetime: "incremental sync",
  end_datetime: "incremental sync",
  state_migrations: "incremental sync",
  partition_router: "partition routers",
  parent_stream_configs: "partition routers",
  transformations: "record transformations",
  fields: "record transformations",
  decoder: "decoders",
  concurrency_level: "concurrency",
  retriever: "other retrievers",
};
