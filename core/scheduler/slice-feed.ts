import type { StreamSlice } from "../../sdk/index.js";
import type { StreamRun } from "./stream-run.js";

/** One unit of work: a slice of a stream. */
export interface WorkUnit {
  run: StreamRun;
  slice: StreamSlice;
}

/**
 * Hands the slices of every selected stream to the workers. Streams are opened in order, one more
 * each time a worker finds nothing to do, so a read of 50 streams does not start 50 slice producers at
 * once. Each open stream produces its slices in the background (a substream reads its parent's pages
 * meanwhile) and keeps at most `ahead` of them waiting, so memory stays flat however many partitions
 * there are. A worker takes a slice from the earliest stream that has one ready. A stream of a group
 * (`stream_groups`, BlockSimultaneousSyncsAction) is opened only when no other stream of its group is
 * open and not ended; meanwhile the next stream in order is opened instead.
 *
 * @example
 * const feed = new SliceFeed(runs, { ahead: 10, signal });
 * for (let unit = await feed.take(); unit; unit = await feed.take()) { ...read unit.slice...; await feed.done(unit); }
 */
export class SliceFeed {
  private readonly unopened: StreamRun[];
  private wakers: Array<() => void> = [];
  private readonly ahead: number;
  private readonly signal: AbortSignal;

  constructor(
    private readonly runs: readonly StreamRun[],
    options: { ahead: number; signal: AbortSignal },
  ) {
    this.unopened = [...runs];
    this.ahead = Math.max(1, options.ahead);
    this.signal = options.signal;
    this.signal.addEventListener("abort", () => this.wake(), { once: true });
  }

  /** The next unit of work; undefined when there is none left (or the read was stopped). */
  async take(): Promise<WorkUnit | undefined> {
    for (;;) {
      if (this.signal.aborted) return undefined;
      const run = this.runs.find((r) => r.opened && r.canTake);
      if (run) {
        run.inFlight++;
        const slice = run.ready.shift()!;
        this.wake();
        return { run, slice };
      }
      const changed = this.changed();
      const next = this.unopened.findIndex((r) => !this.groupBusy(r));
      if (next >= 0) await this.open(this.unopened.splice(next, 1)[0]!);
      else if (this.unopened.length === 0 && this.runs.every((r) => r.ended)) return undefined;
      await changed;
    }
  }

  /** A worker finished a unit (read, failed or stopped): the stream may end, others may take more. */
  async done(unit: WorkUnit): Promise<void> {
    unit.run.inFlight--;
    this.wake();
    await unit.run.finishIfDrained();
    this.wake();
  }

  /** Whether another stream of the run's group is open and has not ended. */
  private groupBusy(run: StreamRun): boolean {
    return run.group !== undefined && this.runs.some((r) => r !== run && r.group === run.group && r.opened && !r.ended);
  }

  private async open(run: StreamRun): Promise<void> {
    await run.start();
    void this.produce(run);
  }

  /** Runs a stream's slice producer, at most `ahead` slices ahead of the workers. */
  private async produce(run: StreamRun): Promise<void> {
    try {
      for await (const slice of run.partitions.slices({ signal: run.signal })) {
        if (run.failed || this.signal.aborted) break;
        run.ready.push(slice);
        this.wake();
        while (run.ready.length >= this.ahead && !run.failed && !this.signal.aborted) await this.changed();
      }
    } catch (error) {
      run.fail(error);
    }
    run.producerDone = true;
    this.wake();
    await run.finishIfDrained();
    this.wake();
  }

  /** A promise resolved at the next change (a slice produced or taken, a unit done, a stream drained). */
  private changed(): Promise<void> {
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const resolve of wakers) resolve();
  }
}
