import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";

/** What Sluice does with a job in a status: wait, download, retry or give up, or read nothing. */
export type AsyncJobStatus = "running" | "completed" | "failed" | "timeout" | "skipped";

/**
 * A built `AsyncJobStatusMap`: the Sluice status of an API's job status (undefined: not listed).
 *
 * @example
 * statusOf("IN_PROGRESS"); // "running"
 */
export type AsyncJobStatusOf = (apiStatus: string) => AsyncJobStatus | undefined;

/**
 * `AsyncJobStatusMap`: which of an API's job statuses mean running, completed, failed, timed out or
 * skipped (`skipped` is optional: the job has no data, and the slice reads nothing). Modelled on
 * Amazon Seller Partner's report `processingStatus`.
 *
 * @example
 * status_mapping:
 *   type: AsyncJobStatusMap
 *   running: [IN_QUEUE, IN_PROGRESS]
 *   completed: [DONE]
 *   failed: [FATAL]
 *   timeout: []
 *   skipped: [CANCELLED]
 */
export const AsyncJobStatusMapComponent: ComponentFactory<AsyncJobStatusOf> = defineComponent({
  type: "AsyncJobStatusMap",
  kind: "async_job_status_map",
  description: "Maps an API's job statuses onto running, completed, failed, timeout and skipped",
  schema: Type.Object({
    running: Type.Array(Type.String()),
    completed: Type.Array(Type.String()),
    failed: Type.Array(Type.String()),
    timeout: Type.Array(Type.String()),
    skipped: Type.Optional(Type.Array(Type.String())),
  }),
  build(def) {
    const statuses = new Map<string, AsyncJobStatus>();
    for (const status of ["running", "completed", "failed", "timeout", "skipped"] as const) {
      for (const apiStatus of def[status] ?? []) statuses.set(apiStatus, status);
    }
    return (apiStatus) => statuses.get(apiStatus);
  },
});
