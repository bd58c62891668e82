/**
 * The bounded buffer between the workers of a read and its consumer. `push` resolves at once while
 * there is room and waits while the buffer is full, so a slow consumer (a blocked stdout, a host's slow
 * `for await`) slows the workers down instead of growing memory. After `close()` the consumer drains
 * what is left and then gets `undefined`; after `stop()` pushes are dropped and waiting pushers resume.
 * `closed` resolves at `close()`: the producers have all ended (a stopped read waits for it).
 *
 * @example
 * const queue = new RecordQueue<Page>(8);
 * await queue.push(page);          // in a worker
 * for (let item = await queue.pull(); item; item = await queue.pull()) write(item); // the consumer
 */
export class RecordQueue<T> {
  private readonly items: T[] = [];
  private head = 0;
  private ended = false;
  private stopped = false;
  private readonly pushers: Array<() => void> = [];
  private puller?: (item: T | undefined) => void;
  private markClosed!: () => void;
  /** Resolves once `close()` was called. */
  readonly closed = new Promise<void>((resolve) => (this.markClosed = resolve));

  constructor(private readonly capacity: number) {}

  /** Items waiting for the consumer. */
  get length(): number {
    return this.items.length - this.head;
  }

  /** Adds an item; the promise resolves once there is room for it (at once after `stop()`). */
  push(item: T): Promise<void> | undefined {
    if (this.stopped || this.ended) return undefined;
    if (this.puller) {
      const puller = this.puller;
      this.puller = undefined;
      puller(item);
      return undefined;
    }
    this.items.push(item);
    if (this.length <= this.capacity) return undefined;
    return new Promise<void>((resolve) => this.pushers.push(resolve));
  }

  /** The next item, waiting for one; undefined once the queue is closed and empty, or stopped. */
  pull(): Promise<T | undefined> {
    if (this.length > 0) return Promise.resolve(this.shift());
    if (this.ended || this.stopped) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.puller = resolve;
    });
  }

  /** No more items will come: the consumer drains the rest. */
  close(): void {
    this.ended = true;
    this.markClosed();
    this.wakePuller();
  }

  /** The consumer is gone: drop everything and let every waiting pusher go on (to notice and stop). */
  stop(): void {
    this.stopped = true;
    this.items.length = 0;
    this.head = 0;
    for (const resume of this.pushers.splice(0)) resume();
    this.wakePuller();
  }

  private shift(): T {
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined as T;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    if (this.pushers.length > 0 && this.length <= this.capacity) this.pushers.shift()!();
    return item;
  }

  private wakePuller(): void {
    const puller = this.puller;
    this.puller = undefined;
    puller?.(undefined);
  }
}
