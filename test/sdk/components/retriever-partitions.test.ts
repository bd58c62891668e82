import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { IncrementalCursor, type DataRecord, type Retriever, type StreamSlice } from "../../../sdk/index.js";
import { RetrieverPartitions as DeclarativePartitions } from "../../../sdk/index.js";

/** A cursor whose state is the number of slices closed in order from the first (a later one closed early counts once the gap closes). */
class PrefixCursor extends IncrementalCursor {
  declare readonly cursorField: string;
  private readonly closedSlices = new Set<number>();
  private start = 0;

  setState(state: Record<string, unknown> | undefined): void {
    this.start = Number(state?.done ?? 0);
  }
  async *slices(): AsyncGenerator<StreamSlice> {}
  applyToRequest(): void {}
  observe(_slice: StreamSlice, _record: DataRecord): boolean {
    return true;
  }
  closeSlice(slice: StreamSlice): void {
    this.closedSlices.add(Number(slice.n));
  }
  state(): Record<string, unknown> {
    let done = this.start;
    while (this.closedSlices.has(done + 1)) done++;
    return { done };
  }
}

const retriever = { sliceReader: () => () => (async function* () {})() } as unknown as Retriever & { sliceReader: NonNullable<Retriever["sliceReader"]> };
const partitions = (state?: Record<string, unknown>) => new DeclarativePartitions({ stream: "events", retriever, slicer: undefined, cursor: new PrefixCursor(), transformations: [] }, { state });

describe("RetrieverPartitions: the states a read emits", () => {
  it("a slice closed behind one still in flight emits no state; the state comes when the gap closes, and each claims more", () => {
    const read = partitions();
    assert.equal(read.closeSlice({ n: 2 }), undefined, "slice 2 closed before slice 1: nothing new is safe to claim");
    assert.equal(read.closeSlice({ n: 3 }), undefined);
    assert.deepEqual(read.closeSlice({ n: 1 }), { done: 3 });
    assert.deepEqual(read.closeSlice({ n: 4 }), { done: 4 });
    assert.equal(read.finish(), undefined, "the last slice's state is the final one: not emitted twice");
  });

  it("a read whose slices moved nothing still emits its state once, at the end", () => {
    const read = partitions({ done: 5 });
    assert.equal(read.closeSlice({ n: 9 }), undefined);
    assert.deepEqual(read.finish(), { done: 5 });
  });
});
