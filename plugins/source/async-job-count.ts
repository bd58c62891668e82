import { AsyncJobSlots, Interpolator, ManifestError, type BuildContext } from "../../sdk/index.js";

/**
 * Applies the manifest's `max_concurrent_async_job_count` (an integer, or a template over `config`):
 * the connector's {@link AsyncJobSlots} get that many slots, shared by every `AsyncRetriever` stream.
 * Absent, the jobs have no limit of their own (the read's concurrency bounds them).
 *
 * @example
 * max_concurrent_async_job_count: "{{ config.get('max_jobs', 2) }}"
 */
export function applyAsyncJobCount(value: number | string | undefined, ctx: BuildContext): void {
  if (value === undefined) return;
  const path = "max_concurrent_async_job_count";
  const evaluated = typeof value === "number" ? value : Number(ctx.get(Interpolator).compile(String(value), { path }).eval({ config: ctx.config, parameters: ctx.parameters }));
  if (!Number.isInteger(evaluated) || evaluated < 1) {
    throw new ManifestError("MANIFEST_INVALID", "max_concurrent_async_job_count must be a positive integer", {
      where: { manifestPath: path },
      expected: "the most report jobs running at once, at least 1 (or a template over config rendering it)",
      found: JSON.stringify(value),
    });
  }
  ctx.optional(AsyncJobSlots)?.resize(evaluated);
}
