import { makeSlice, slicePartition, sliceCursor, type OutgoingRequest, type StreamSlice, type StreamSlicer } from "../../sdk/index.js";

/**
 * Several slicers read as one: every combination of their slices, in order (the kit's
 * `CartesianProductStreamSlicer`, used for a list of partition routers). Each slicer puts its own
 * request options into the request.
 *
 * @example
 * // routers: [{ values: [a, b] }, { values: [1, 2] }]  ->  slices {x: a, y: 1}, {x: a, y: 2}, {x: b, y: 1}, {x: b, y: 2}
 */
export class CartesianSlicer implements StreamSlicer {
  constructor(private readonly slicers: readonly StreamSlicer[]) {}

  async *slices(): AsyncGenerator<StreamSlice> {
    yield* this.combine(0, {}, {});
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void {
    for (const slicer of this.slicers) slicer.applyToRequest(request, slice);
  }

  private async *combine(index: number, partition: Record<string, unknown>, cursor: Record<string, unknown>): AsyncGenerator<StreamSlice> {
    if (index === this.slicers.length) {
      yield makeSlice(partition, cursor);
      return;
    }
    for await (const slice of this.slicers[index]!.slices()) {
      yield* this.combine(index + 1, { ...partition, ...slicePartitionOnly(slice) }, { ...cursor, ...cursorOnly(slice) });
    }
  }
}

/** The partition keys of a slice (all of it, for a slice that is not split into parts). */
function slicePartitionOnly(slice: StreamSlice): Record<string, unknown> {
  return "cursor_slice" in slice || Object.getOwnPropertyDescriptor(slice, "cursor_slice") ? slicePartition(slice) : slice;
}

function cursorOnly(slice: StreamSlice): Record<string, unknown> {
  return Object.getOwnPropertyDescriptor(slice, "cursor_slice") ? sliceCursor(slice) : {};
}

/** One slicer for a list of them (undefined for none). */
export function combineSlicers(slicers: ReadonlyArray<StreamSlicer | undefined>): StreamSlicer | undefined {
  const present = slicers.filter((s): s is StreamSlicer => s !== undefined);
  if (present.length <= 1) return present[0];
  return new CartesianSlicer(present);
}
