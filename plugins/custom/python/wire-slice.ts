import { makeSlice, sliceExtraFields, type StreamSlice } from "../../../sdk/index.js";

/**
 * A slice as it crosses the Python bridge (the `$slice` tag, both ways): Python sees a `StreamSlice`
 * with its `partition`, `cursor_slice` and `extra_fields`.
 *
 * @example
 * wireSlice(makeSlice({ account: "a1" }, { start: "2024-01-01" }));
 * // { $slice: { partition: { account: "a1" }, cursor_slice: { start: "2024-01-01" }, extra_fields: {} } }
 */
export function wireSlice(slice: StreamSlice | undefined): { $slice: Record<string, unknown> } | null {
  if (!slice) return null;
  const parts = slice as StreamSlice & { partition?: Record<string, unknown>; cursor_slice?: Record<string, unknown> };
  return { $slice: { partition: parts.partition ?? { ...slice }, cursor_slice: parts.cursor_slice ?? {}, extra_fields: sliceExtraFields(slice) } };
}

/**
 * A slice Python returned: a tagged `StreamSlice`, or a plain mapping (a partition).
 *
 * @example
 * sliceFromWire({ $slice: { partition: { account: "a1" }, cursor_slice: {} } }); // makeSlice({ account: "a1" })
 */
export function sliceFromWire(value: unknown): StreamSlice {
  const tagged = (value as { $slice?: Record<string, Record<string, unknown> | undefined> } | null)?.$slice;
  if (tagged) return makeSlice(tagged.partition ?? {}, tagged.cursor_slice ?? {}, tagged.extra_fields ?? {});
  return makeSlice((value ?? {}) as Record<string, unknown>);
}
