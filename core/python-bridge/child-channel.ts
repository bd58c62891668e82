import type { ChildProcessWithoutNullStreams } from "node:child_process";

/** What the Python child does, as the bridge hears it. */
export type ChildEvent =
  | { type: "spawned"; pid: number }
  | { type: "frame"; line: string }
  | { type: "stderr"; text: string }
  | { type: "exit"; code: number | null; signal: string | null }
  | { type: "error"; message: string; code?: string };

/** Options of {@link ChildChannel}. */
export interface ChildChannelOptions {
  python: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The Python child's pipes, on the event loop: `write(line)` sends a line to its stdin; every line it
 * writes on stdout, its stderr and its end reach `listener` as {@link ChildEvent}s. Nothing blocks the
 * thread: every component method the engine calls is awaited. The child keeps the process alive only
 * while {@link hold} says a request waits for it.
 *
 * @example
 * const channel = new ChildChannel({ python: "/usr/bin/python3", args: ["-m", "sluice_bridge"], env }, (event) => console.log(event));
 * channel.write('{"id":1,"op":"hello","version":2}');
 */
export class ChildChannel {
  private readonly child: ChildProcessWithoutNullStreams;
  private pending = "";

  constructor(options: ChildChannelOptions, listener: (event: ChildEvent) => void) {
    // node:child_process (with net, dgram and streams) is loaded when a Python class first runs, not by
    // every command that imports the engine.
    const { spawn } = process.getBuiltinModule("node:child_process");
    const child = spawn(options.python, options.args, { env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    this.child = child;
    child.on("spawn", () => listener({ type: "spawned", pid: child.pid! }));
    child.on("error", (error: NodeJS.ErrnoException) => listener({ type: "error", message: error.message, ...(error.code ? { code: error.code } : {}) }));
    // `close`, not `exit`: the replies it wrote before it ended are read first.
    child.on("close", (code, signal) => listener({ type: "exit", code, signal }));
    child.stdin.on("error", () => undefined);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      let start = 0;
      for (let end = chunk.indexOf("\n"); end >= 0; end = chunk.indexOf("\n", start)) {
        listener({ type: "frame", line: this.pending + chunk.slice(start, end) });
        this.pending = "";
        start = end + 1;
      }
      this.pending += chunk.slice(start);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => listener({ type: "stderr", text }));
    this.hold(false);
  }

  write(line: string): void {
    if (this.child.stdin.writable) this.child.stdin.write(line + "\n");
  }

  /** Whether the process must stay alive for the child (a request is waiting for its reply). */
  hold(waiting: boolean): void {
    // The pipes are sockets (ref/unref), though typed as plain streams.
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Array<{ ref?(): void; unref?(): void }>) {
      if (waiting) handle.ref?.();
      else handle.unref?.();
    }
  }

  /** Kills the child. */
  close(): void {
    this.hold(false);
    this.child.kill("SIGKILL");
  }
}
