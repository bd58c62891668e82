import type { DataRecord, ReadOptions, Slicing, StreamSlice } from "../../sdk/index.js";

/**
 * Reads every slice of a stream in turn with `readSlice`, as a retriever does: `onSlice` before each,
 * `readSlice` gets the `stream_state` its requests see (the saved state until a slice closed, then the
 * cursor's); the cursor filters records to its window, closes each slice and reports the state after it; the end
 * of an incremental stream always emits its state (also when no slice was read), as in the kit.
 *
 * @example
 * return slicedRead(options, slicing, (slice) => this.readJob(stream, slice, options));
 */
export async function* slicedRead(
  options: ReadOptions,
  slicing: Slicing,
  readSlice: (slice: StreamSlice, state: (() => Record<string, unknown>) | undefined) => AsyncIterable<DataRecord>,
): AsyncGenerator<DataRecord> {
  const { slicer, cursor } = slicing;
  // `stream_state` in requester templates: the saved state until a slice has been read, then the cursor's.
  let closed = false;
  const state = cursor ? () => (closed ? cursor.state() : (options.state ?? {})) : undefined;
  for await (const slice of slicer.slices({ signal: options.signal })) {
    options.onSlice?.(slice);
    for await (const record of readSlice(slice, state)) {
      if (!cursor || cursor.observe(slice, record)) yield record;
    }
    if (cursor) {
      cursor.closeSlice(slice);
      closed = true;
      options.onState?.(cursor.state());
    }
  }
  if (cursor) {
    cursor.finish?.();
    options.onState?.(cursor.state());
  }
}
