import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { workerSource } from "./bridge-worker.js";

/** What the worker reports (see bridge-worker.ts). */
export type WorkerEvent =
  | { type: "spawned"; pid: number }
  | { type: "frame"; line: string }
  | { type: "stderr"; text: string }
  | { type: "exit"; code: number | null; signal: string | null }
  | { type: "error"; message: string; code?: string }
  /** `nextAsync` was woken by {@link SyncChannel.wake} with nothing on the port: look at what was set aside. */
  | { type: "wake" };

/** `Atomics.waitAsync` (Node 16+; in the ES2024 library, which this project's target predates). */
interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
}

/** Options of {@link SyncChannel}. */
export interface SyncChannelOptions {
  python: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * A child process the main thread talks to synchronously: `write(line)` sends a line to its stdin,
 * `next(deadline)` blocks (Atomics.wait, no event loop) until the worker thread that owns the pipes
 * reports something, or the deadline passes (then `undefined`).
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
   * The next event without blocking the thread (Atomics.waitAsync): undefined when the deadline passed,
   * `wake` when {@link wake} ended the wait with nothing on the port.
   */
  async nextAsync(deadline: number): Promise<WorkerEvent | undefined> {
    for (let woken = false; ; ) {
      Atomics.store(this.flag, 0, 0);
      const received = receiveMessageOnPort(this.port);
      if (received) return received.message as WorkerEvent;
      if (woken) return { type: "wake" };
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      const wait = (Atomics as unknown as AtomicsWaitAsync).waitAsync(this.flag, 0, 0, left);
      woken = !wait.async || (await wait.value) === "ok";
    }
  }

  /** Wakes a `nextAsync` waiting on this thread (events were set aside for it while a synchronous `next` ran). */
  wake(): void {
    Atomics.store(this.flag, 0, 1);
    Atomics.notify(this.flag, 0);
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
