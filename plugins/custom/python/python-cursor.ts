import { CustomCodeError, IncrementalCursor, type DataRecord, type OutgoingRequest, type PythonObject, type StreamSlice } from "../../../sdk/index.js";
import { applyPythonRequestOptions } from "./python-request-options.js";
import { sliceFromWire, wireSlice } from "./wire-slice.js";

/**
 * A Python `CustomIncrementalSync` class written from scratch on the kit's `Cursor` (or `DeclarativeCursor`):
 * the class keeps its own state, in its own shape. Sluice asks it, each an awaited bridge call, for
 * `set_initial_state(state)` before anything else, the slices (`stream_slices()`), each request's options
 * (`get_request_params(stream_state=, stream_slice=)` and the headers and body ones), each page's records
 * (one `observe` request: `should_be_synced(record)`, then `observe(slice, record)`, in Python), and once a
 * slice's last page was read `close_slice(slice)` then `get_stream_state()`, the state Sluice saves.
 *
 * @example
 * # components.py
 * class IdCursor(DeclarativeCursor):
 *     def observe(self, stream_slice, record):
 *         self._highest = max(self._highest or 0, record["id"])
 *     def close_slice(self, stream_slice, *args):
 *         self._cursor = self._highest
 *     def get_stream_state(self):
 *         return {"id": self._cursor} if self._cursor else {}
 *     ...
 */
export class PythonCursor extends IncrementalCursor {
  declare readonly cursorField: string;
  private saved: Record<string, unknown> = {};
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly remote: PythonObject, cursorField: string, private readonly stream?: string) {
    super();
    Object.defineProperty(this, "cursorField", { value: cursorField, enumerable: true });
  }

  /** The engine sets the state synchronously: `set_initial_state` and the state it makes are awaited before the class's next call. */
  setState(state: Record<string, unknown> | undefined): void {
    const given = (async () => {
      await this.remote.call("set_initial_state", [state ?? {}]);
      this.saved = await this.currentState();
    })();
    given.catch(() => undefined); // its failure is thrown where it is awaited, by the next call
    this.ready = given;
  }

  async *slices(): AsyncGenerator<StreamSlice> {
    await this.ready;
    for (const slice of (await this.remote.call("stream_slices")) as unknown[]) yield sliceFromWire(slice);
  }

  async applyToRequest(request: OutgoingRequest, slice: StreamSlice): Promise<void> {
    await this.ready;
    await applyPythonRequestOptions(this.remote, request, { stream_slice: wireSlice(slice), stream_state: this.saved });
  }

  override async checkPage(slice: StreamSlice, records: readonly DataRecord[], signal?: AbortSignal): Promise<DataRecord[]> {
    await this.ready;
    const kept = (await this.remote.request("observe", { records, stream: this.stream ?? "", stream_slice: wireSlice(slice) }, "observe", { signal })) as number[];
    return kept.map((index) => records[index]!);
  }

  override async sliceRead(slice: StreamSlice, signal?: AbortSignal): Promise<void> {
    await this.remote.call("close_slice", [wireSlice(slice)], {}, { signal });
    this.saved = await this.currentState(signal);
  }

  /** Asked of a cursor whose checks are synchronous only: Sluice's reader asks {@link checkPage} of this one. */
  observe(): boolean {
    throw new CustomCodeError("CUSTOM_CODE_ASYNC", `${this.remote.className}.observe answers a page at a time; it was asked for one record synchronously`, {
      where: { component: this.remote.className, ...(this.stream ? { stream: this.stream } : {}) },
      expected: "checkPage(slice, records), awaited",
      found: "observe(slice, record)",
    });
  }

  /** Done by {@link sliceRead}, awaited once the slice's last page was checked. */
  closeSlice(): void {}

  state(): Record<string, unknown> {
    return this.saved;
  }

  private async currentState(signal?: AbortSignal): Promise<Record<string, unknown>> {
    const state = await this.remote.call("get_stream_state", [], {}, { signal });
    return state && typeof state === "object" ? (state as Record<string, unknown>) : {};
  }
}
