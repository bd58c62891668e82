import type { PageReport, StreamPartitions } from "../../sdk/index.js";
import type { ReadBatch } from "./read-events.js";
import { RecordQueue } from "./record-queue.js";
import { SliceFeed, type WorkUnit } from "./slice-feed.js";
import { StreamRun } from "./stream-run.js";

/** One stream to read: its name, its units of work, and the group it must not be read at the same time as (`stream_groups`). */
interface ScheduledStream {
  name: string;
  partitions: StreamPartitions;
  group?: string;
}

/** Options of {@link scheduleRead}. */
interface ScheduleOptions {
  /** How many slices are read at once, across all streams (at least 1). */
  concurrency: number;
  /** Stops the read: every request in flight is aborted. */
  signal: AbortSignal;
  /** Called after every page. */
  onPage?(report: PageReport): void;
  /** Pages the queue holds before workers wait for the consumer (default: twice the concurrency, at least 8). */
  bufferPages?: number;
}

/**
 * The concurrent read of several streams: a bounded pool of `concurrency` workers takes the slices of
 * every stream from a {@link SliceFeed}; each worker reads its slice page by page and queues the pages
 * into a bounded {@link RecordQueue}, which the consumer drains. The pool bounds the slices read at
 * once; the connector's request slots (see `RequestSlots`) bound the requests in flight, auxiliary
 * ones included. Resolves its queue closed when every stream has ended.
 *
 * @example
 * const queue = scheduleRead([{ name: "users", partitions: users.partitions() }], { concurrency: 4, signal });
 * for (let batch = await queue.pull(); batch; batch = await queue.pull()) handle(batch);
 */
export function scheduleRead(streams: readonly ScheduledStream[], options: ScheduleOptions): RecordQueue<ReadBatch> {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const queue = new RecordQueue<ReadBatch>(options.bufferPages ?? Math.max(8, concurrency * 2));
  const runs = streams.map((s) => new StreamRun(s.name, s.partitions, queue, options.signal, s.group));
  const feed = new SliceFeed(runs, { ahead: concurrency, signal: options.signal });
  const workers = Array.from({ length: Math.min(concurrency, Math.max(1, streams.length * concurrency)) }, () => work(feed, options));
  // A stopped read: every started stream that has not ended ends now (INCOMPLETE, interrupted), before the queue closes.
  void Promise.all(workers).then(async () => {
    for (const run of runs) await run.finishIfDrained();
    queue.close();
  });
  return queue;
}

/** One worker: takes units until there are none, reading each slice's pages in order. */
async function work(feed: SliceFeed, options: ScheduleOptions): Promise<void> {
  for (let unit = await feed.take(); unit; unit = await feed.take()) {
    await readUnit(unit, options);
    await feed.done(unit);
  }
}

async function readUnit({ run, slice }: WorkUnit, options: ScheduleOptions): Promise<void> {
  try {
    for await (const page of run.partitions.readSlice(slice, { signal: run.signal, onPage: options.onPage })) {
      if (run.failed || options.signal.aborted) return;
      await run.records(page);
    }
    if (!run.signal.aborted) await run.closeSlice(slice);
  } catch (error) {
    // After the read was stopped, errors are the aborts of its requests: nothing to report.
    if (!options.signal.aborted) run.fail(error);
  }
}
