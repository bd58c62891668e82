import { forEachMaybe, makeSlice, slicePartition, sliceCursor, sliceExtraFields, type Awaitable, type DataRecord, type OutgoingRequest, type SliceOptions, type StreamSlice, type StreamSlicer } from "../../sdk/index.js";

/**
 * Several slicers read as one: every combination of their slices, in order (the kit's
 * `CartesianProductStreamSlicer`, used for a list of partition routers). Each slicer puts its own
 * request options into the request.
 *
 * @example
 * // routers: [{ values: [a, b] }, { values: [1, 2] }]  ->  slices {x: a, y: 1}, {x: a, y: 2}, {x: b, y: 1}, {x: b, y: 2}
 */
class CartesianSlicer implements StreamSlicer {
  /** Stops a slice's pages when one of the slicers does (a data feed's cursor combined with a router). */
  readonly stopsPagination?: (slice: StreamSlice, lastRecord: DataRecord) => boolean;

  constructor(private readonly slicers: readonly StreamSlicer[]) {
    const stopping = slicers.filter((slicer) => slicer.stopsPagination);
    if (stopping.length > 0) this.stopsPagination = (slice, lastRecord) => stopping.some((slicer) => slicer.stopsPagination!(slice, lastRecord));
  }

  get partitionFields(): readonly string[] {
    return this.slicers.flatMap((slicer) => slicer.partitionFields ?? []);
  }

  async *slices(options?: SliceOptions): AsyncGenerator<StreamSlice> {
    const inner = this.slicers.map(() => undefined as StreamSlice[] | undefined);
    yield* this.combine(0, {}, {}, {}, { options, inner });
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): Awaitable<void> {
    return forEachMaybe(this.slicers, (slicer) => slicer.applyToRequest(request, slice));
  }

  // On a key two slicers share, the first slicer's value wins (the kit merges with a ChainMap). The
  // first slicer is read lazily; the others are read once and kept (as the kit's itertools.product does),
  // so a parent stream in second place is not read again for every slice of the first.
  private async *combine(index: number, partition: Record<string, unknown>, cursor: Record<string, unknown>, extra: Record<string, unknown>, read: CombineRead): AsyncGenerator<StreamSlice> {
    if (index === this.slicers.length) {
      yield makeSlice(partition, cursor, extra);
      return;
    }
    for await (const slice of this.slicesOf(index, read)) {
      yield* this.combine(index + 1, { ...slicePartitionOnly(slice), ...partition }, { ...cursorOnly(slice), ...cursor }, { ...sliceExtraFields(slice), ...extra }, read);
    }
  }

  private async *slicesOf(index: number, read: CombineRead): AsyncGenerator<StreamSlice> {
    const slicer = this.slicers[index]!;
    if (index === 0) {
      yield* slicer.slices(read.options);
      return;
    }
    let kept = read.inner[index];
    if (!kept) {
      kept = [];
      for await (const slice of slicer.slices(read.options)) kept.push(slice);
      read.inner[index] = kept;
    }
    yield* kept;
  }
}

/** One read of a {@link CartesianSlicer}: its options, and the slices kept of every slicer after the first. */
interface CombineRead {
  options?: SliceOptions;
  inner: (StreamSlice[] | undefined)[];
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
