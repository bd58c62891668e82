import { Interpolator, type BuildContext, type CompiledTemplate } from "../../sdk/index.js";

/**
 * Compiles an optional manifest field that may be a template, a number or a boolean; undefined stays undefined.
 *
 * @example
 * const path = compileField(ctx, def.path, "path", ["next_page_token", "stream_slice"]);
 */
export function compileField(ctx: BuildContext, value: unknown, field: string, names: readonly string[] = []): CompiledTemplate | undefined {
  if (value === undefined || value === null) return undefined;
  return ctx.get(Interpolator).compile(String(value), { path: `${ctx.path}.${field}`, names });
}

/**
 * The names a requester's templates see, besides `config` and `parameters`. `stream_state` (the stream's
 * current state) is kept for manifests written before the kit removed it; other fields refuse it as the kit does.
 */
export const REQUEST_NAMES = ["next_page_token", "stream_slice", "stream_partition", "stream_interval", "stream_state"] as const;
