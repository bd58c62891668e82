import type { DataRecord, ReadOptions, Slicing, StreamSlice } from "../../sdk/index.js";

/**
 * Reads every slice of a stream in turn with `readSlice`, as a retriever does: `onSlice` before each,
 * the cursor filters records to its window, closes each slice and reports the state after it; the end
 * of an incremental stream always emits its state (also when no slice was read), as in the kit.
 *
 * @example
 * return slicedRead(options, slicing, (slice) => this.readJob(stream, slice, options));
 */
export async function* slicedRead(options: ReadOptions, slicing: Slicing, readSlice: (slice: StreamSlice) => AsyncIterable<DataRecord>): AsyncGenerator<DataRecord> {
  const { slicer, cursor } = slicing;
  for await (const slice of slicer.slices({ signal: options.signal })) {
    options.onSlice?.(slice);
    for await (const record of readSlice(slice)) {
      if (!cursor || cursor.observe(slice, record)) yield record;
    }
    if (cursor) {
      cursor.closeSlice(slice);
      options.onState?.(cursor.state());
    }
  }
  if (cursor) {
    cursor.finish?.();
    options.onState?.(cursor.state());
  }
}
