import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { workerSource } from "./bridge-worker.js";

/** What the worker reports (see bridge-worker.ts). */
export type WorkerEvent =
  | { type: "spawned"; pid: number }
  | { type: "frame"; line: string }
  | { type: "stderr"; text: string }
  | { type: "exit"; code: number | null; signal: string | null }
  | { type: "error"; message: string; code?: string };

/** Options of {@link SyncChannel}. */
export interface SyncChannelOptions {
  python: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * A child process the main thread talks to: `write(line)` sends a line to its stdin; `next(deadline)`
 * blocks (Atomics.wait, no event loop) until the worker thread that owns the pipes reports something,
 * or the deadline passes (then `undefined`); `listen(listener)` gets the events `next` did not take, on
 * the event loop, without blocking.
 *
 * @example
 * const channel = new SyncChannel({ python: "/usr/bin/python3", args: ["-m", "sluice_bridge"], env });
 * channel.write('{"id":1,"op":"hello","version":1}');
 * for (let event = channel.next(Date.now() + 5000); event; event = channel.next(...)) ...
 */
export class SyncChannel {
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;

  constructor(options: SyncChannelOptions) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(workerSource(), {
      eval: true,
      workerData: { ...options, flag: this.flag.buffer, port: port2 },
      transferList: [port2],
      stdout: false,
      stderr: false,
    });
    this.worker.unref();
    this.port.unref();
  }

  write(line: string): void {
    this.worker.postMessage({ type: "write", line });
  }

  /** The next event, waiting at most until `deadline` (ms since the epoch); undefined when it passed. */
  next(deadline: number): WorkerEvent | undefined {
    for (;;) {
      Atomics.store(this.flag, 0, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) return received.message as WorkerEvent;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      Atomics.wait(this.flag, 0, 0, left);
    }
  }

  /**
   * Hands every event the synchronous {@link next} does not take to `listener`, on the event loop (the
   * asynchronous requests' replies and callbacks). The port keeps the process alive only while
   * {@link hold} says something waits for it.
   */
  listen(listener: (event: WorkerEvent) => void): void {
    this.port.on("message", listener);
    this.port.unref();
  }

  /** Whether the process must stay alive for this channel's events (a request is waiting for its reply). */
  hold(waiting: boolean): void {
    if (waiting) this.port.ref();
    else this.port.unref();
  }

  /** Events already waiting, without blocking. */
  drain(): WorkerEvent[] {
    const events: WorkerEvent[] = [];
    for (let received = receiveMessageOnPort(this.port); received; received = receiveMessageOnPort(this.port)) events.push(received.message as WorkerEvent);
    return events;
  }

  /** Kills the child and ends the worker. */
  close(): void {
    this.worker.postMessage({ type: "kill" });
    setTimeout(() => void this.worker.terminate(), 200).unref();
  }
}
