import type { DataRecord, SliceReadOptions, StreamPartitions, StreamSlice } from "../../sdk/index.js";

/**
 * A stream's partitions made once a promise settles (its saved state rewritten by a state migration
 * that answers with a promise, a Python one): `slices()` awaits them and then delegates, so a
 * migration that fails fails the stream's first step, as a state the cursor cannot read does.
 * `readSlice` of a slice given from outside awaits them too; `closeSlice` and `finish` come after
 * a slice was read, when they are made.
 *
 * @example
 * const partitions = deferredPartitions(migrated.then((state) => retrieverPartitions(parts, { state })));
 */
export function deferredPartitions(made: Promise<StreamPartitions>): StreamPartitions {
  let inner: StreamPartitions | undefined;
  // Awaited by slices() (or readSlice()); until then a rejection is not unhandled.
  made.then((partitions) => (inner = partitions), () => undefined);
  return {
    async *slices(options) {
      yield* (await made).slices(options);
    },
    async *readSlice(slice: StreamSlice, options?: SliceReadOptions): AsyncGenerator<DataRecord[]> {
      yield* (await made).readSlice(slice, options);
    },
    closeSlice: (slice) => inner?.closeSlice(slice),
    finish: () => inner?.finish(),
    get maxConcurrentSlices() {
      return inner?.maxConcurrentSlices;
    },
  };
}
