import { setMaxListeners } from "node:events";
import { linkSignal, type DataRecord, type StreamPartitions, type StreamSlice } from "../../sdk/index.js";
import { readInterrupted } from "./read-interrupted.js";
import type { ReadBatch } from "./read-events.js";
import type { RecordQueue } from "./record-queue.js";

/**
 * One stream's part of a concurrent read: its slices waiting to be read, the slices in flight, and
 * what it has emitted. It is the state tracker of the read: a state is emitted only when a slice has
 * been closed (after all of its records were queued), the final state only when every slice is done,
 * and none after a failure. A failed slice fails the stream: its abort signal stops the stream's
 * other requests in flight, and it ends `INCOMPLETE` with the error once they have settled. A read
 * stopped by its signal never ends a started stream `COMPLETE`: it ends `INCOMPLETE` with
 * `READ_INTERRUPTED`, without the final state.
 *
 * @example
 * const run = new StreamRun("users", stream.partitions({ state }), queue, readSignal);
 */
export class StreamRun {
  /** Slices produced and not yet taken by a worker. */
  readonly ready: StreamSlice[] = [];
  inFlight = 0;
  opened = false;
  producerDone = false;
  private readonly controller = new AbortController();
  private failure?: { error: unknown };
  private running = false;
  private finished = false;
  /** True once the stream's last message (its status) has been queued. */
  ended = false;
  private sinceState = 0;

  constructor(
    readonly name: string,
    readonly partitions: StreamPartitions,
    private readonly queue: RecordQueue<ReadBatch>,
    private readonly read: AbortSignal,
    /** The `stream_groups` group: no two streams of one group are read at the same time. */
    readonly group?: string,
  ) {
    // Every request in flight listens to its stream's signal (as many as the concurrency): not a leak.
    setMaxListeners(0, this.controller.signal);
    // The stream's signal belongs to the read: what lives for one read (the response cache) is found from it.
    linkSignal(this.controller.signal, read);
    if (read.aborted) this.controller.abort(read.reason);
    else read.addEventListener("abort", () => this.controller.abort(read.reason), { once: true });
  }

  /** Aborted when the stream fails or the read stops. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Whether a worker may take one more of this stream's slices now. */
  get canTake(): boolean {
    return !this.failed && this.ready.length > 0 && this.inFlight < (this.partitions.maxConcurrentSlices ?? Infinity);
  }

  /** True when nothing of this stream is left to hand out or wait for. */
  get drained(): boolean {
    return this.failed || this.read.aborted ? this.inFlight === 0 : this.producerDone && this.ready.length === 0 && this.inFlight === 0;
  }

  start(): Promise<void> | undefined {
    this.opened = true;
    return this.queue.push({ type: "status", stream: this.name, status: "STARTED" });
  }

  /** Queues a page of the stream's records (waiting while the queue is full). */
  async records(records: DataRecord[]): Promise<void> {
    if (this.failed) return;
    if (!this.running) {
      this.running = true;
      await this.queue.push({ type: "status", stream: this.name, status: "RUNNING" });
    }
    this.sinceState += records.length;
    await this.queue.push({ type: "records", stream: this.name, records });
  }

  /** A slice was read completely: its state, if the stream keeps one, is safe to emit now. */
  async closeSlice(slice: StreamSlice): Promise<void> {
    if (this.failed) return;
    await this.state(this.partitions.closeSlice(slice));
  }

  /** The first failure fails the stream and aborts its other requests; later ones (their aborts) are ignored. */
  fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    this.ready.length = 0;
    this.controller.abort(error);
  }

  /** Ends the stream once it is drained: the final state and COMPLETE, or INCOMPLETE with its error. */
  async finishIfDrained(): Promise<void> {
    if (this.finished || !this.opened || !this.drained) return;
    this.finished = true;
    await this.finish();
    this.ended = true;
  }

  private async finish(): Promise<void> {
    if (this.read.aborted) {
      await this.queue.push({ type: "status", stream: this.name, status: "INCOMPLETE", error: readInterrupted(this.name, this.read.reason) });
      return;
    }
    if (this.failure) {
      await this.queue.push({ type: "status", stream: this.name, status: "INCOMPLETE", error: this.failure.error });
      return;
    }
    try {
      await this.state(this.partitions.finish());
    } catch (error) {
      await this.queue.push({ type: "status", stream: this.name, status: "INCOMPLETE", error });
      return;
    }
    await this.queue.push({ type: "status", stream: this.name, status: "COMPLETE" });
  }

  private async state(state: Record<string, unknown> | undefined): Promise<void> {
    if (!state) return;
    const recordCount = this.sinceState;
    this.sinceState = 0;
    await this.queue.push({ type: "state", stream: this.name, state, recordCount });
  }
}
