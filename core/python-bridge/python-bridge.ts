import { join } from "node:path";
import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";
import { PROTOCOL_VERSION, type BridgeOp, type PythonFailure, type PythonFrame } from "./bridge-protocol.js";
import { pythonCandidates, supportedPython } from "./find-python.js";
import { pythonKitPath } from "./python-kit-path.js";
import { SyncChannel, type WorkerEvent } from "./sync-channel.js";

/** What one request may need besides its payload: the callbacks' answers, where the child's output goes. */
export interface BridgeCallContext {
  /**
   * Answers a callback (`interpolate`, `http`); a throw is sent back as the callback's error. A promise
   * (an HTTP request) is awaited in an asynchronous request and refused in a synchronous one.
   */
  onCallback?(op: string, frame: Record<string, unknown>, mode: "sync" | "async"): unknown;
  /** A line the child wrote to stderr (a component's `print`, a warning). */
  onOutput?(line: string): void;
  /** For errors: the component and stream. */
  where?: ErrorLocation;
  /** What is being done, for errors: `ItemsExtractor.extract_records`. */
  what?: string;
}

/** A failure Python reported for a request: the caller turns it into the right error. */
export class PythonRaised extends Error {
  constructor(readonly failure: PythonFailure) {
    super(failure.last_line);
  }
}

/** The time limit of one call, in seconds: `SLUICE_PYTHON_TIMEOUT`, default 120. */
export function callTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.SLUICE_PYTHON_TIMEOUT);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 120) * 1000;
}

/**
 * The persistent Python child of this process and its framed protocol (bridge-protocol.ts). Started
 * on the first request; a request blocks until its reply (answering the child's callbacks meanwhile),
 * the child dies, or the time limit passes (the child is then killed). A dead child is replaced by a
 * new one at the next request.
 *
 * @example
 * const bridge = PythonBridge.shared();
 * const { handle } = bridge.request("new", { file, module, class: "ItemsExtractor", fields, config, parameters }, context) as { handle: number };
 */
export class PythonBridge {
  private static instance?: PythonBridge;
  private channel?: SyncChannel;
  private pid?: number;
  private nextId = 0;
  private stderrTail: string[] = [];
  /** Frames a synchronous exchange read that belong to the asynchronous request in flight. */
  private pending: WorkerEvent[] = [];
  private asyncTail: Promise<void> = Promise.resolve();
  private stopsOnExit = false;
  private partialLine = "";
  /** The running Python, e.g. `/usr/bin/python3 (Python 3.11.2)`. */
  python?: string;
  /** Counts the children started: an object made in an earlier one must be made again. */
  generation = 0;

  /** The process's one bridge. */
  static shared(): PythonBridge {
    return (PythonBridge.instance ??= new PythonBridge());
  }

  request(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext = {}): unknown {
    this.start(context);
    return this.exchange(op, payload, context, callTimeoutMs());
  }

  /**
   * A request whose callbacks may be asynchronous (a component's own HTTP request, a parent stream's
   * read): the thread is not blocked while it waits, so other components' synchronous calls go on (the
   * child answers them nested in its wait). One asynchronous request at a time; the others queue.
   */
  requestAsync(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext = {}): Promise<unknown> {
    const run = this.asyncTail.then(() => {
      this.start(context);
      return this.exchangeAsync(op, payload, context, callTimeoutMs());
    });
    this.asyncTail = run.then(() => undefined, () => undefined);
    return run;
  }

  /** Stops the child (a read's end does not need this: the child ends when this process does). */
  stop(): void {
    if (this.pid !== undefined) killQuietly(this.pid);
    this.channel?.close();
    this.channel = undefined;
    this.pid = undefined;
  }

  /** Starts the child when none runs; the generation of the one running. */
  ensureStarted(context: BridgeCallContext = {}): number {
    this.start(context);
    return this.generation;
  }

  private start(context: BridgeCallContext): void {
    if (this.channel) return;
    const kit = pythonKitPath();
    const tried: string[] = [];
    for (const python of pythonCandidates()) {
      const channel = new SyncChannel({ python, args: ["-X", "utf8", "-u", "-m", "sluice_bridge"], env: childEnv(kit) });
      const started = channel.next(Date.now() + 10_000);
      if (started?.type !== "spawned") {
        tried.push(`${python} (${started?.type === "error" ? started.message : "did not start"})`);
        channel.close();
        continue;
      }
      this.channel = channel;
      this.pid = started.pid;
      if (!this.stopsOnExit) {
        this.stopsOnExit = true;
        process.once("exit", () => this.stop());
      }
      const hello = this.exchange("hello", { version: PROTOCOL_VERSION }, context, 20_000) as { python: string };
      if (supportedPython(hello.python)) {
        this.python = `${python} (Python ${hello.python})`;
        this.generation++;
        return;
      }
      tried.push(`${python} (Python ${hello.python})`);
      this.stop();
    }
    throw new CustomCodeError("PYTHON_NOT_FOUND", "The manifest names a Python class and no Python 3.10 or newer was found; set SLUICE_PYTHON to one", {
      failureType: "config_error",
      where: context.where,
      expected: "SLUICE_PYTHON, /usr/bin/python3 or python3 on PATH: Python 3.10 or newer",
      found: `tried ${tried.join(", ")}`,
    });
  }

  private exchange(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext, timeoutMs: number): unknown {
    const channel = this.channel!;
    const id = ++this.nextId;
    channel.write(JSON.stringify({ id, op, ...payload }));
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        const step = this.step(channel.next(deadline), { id, op, context, timeoutMs, stashForeign: true });
        if (step === undefined) continue;
        if ("callback" in step) channel.write(JSON.stringify(answerCallback(step.callback, context)));
        else return step.reply;
      }
    } finally {
      // What it set aside belongs to the asynchronous request in flight, which waits on the same flag.
      if (this.pending.length > 0) channel.wake();
    }
  }

  private async exchangeAsync(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext, timeoutMs: number): Promise<unknown> {
    const channel = this.channel!;
    const id = ++this.nextId;
    channel.write(JSON.stringify({ id, op, ...payload }));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const step = this.step(this.pending.shift() ?? (await channel.nextAsync(deadline)), { id, op, context, timeoutMs, stashForeign: false });
      if (step === undefined) continue;
      if ("callback" in step) channel.write(JSON.stringify(await answerCallbackAsync(step.callback, context)));
      else return step.reply;
    }
  }

  /**
   * What one event means for the request `id`: its reply, a callback it asked, or nothing (output, a
   * reply or callback of another request: a synchronous exchange keeps those for the asynchronous one in
   * flight).
   * A raised error, a dead child and a passed deadline throw.
   */
  private step(
    event: WorkerEvent | undefined,
    at: { id: number; op: BridgeOp; context: BridgeCallContext; timeoutMs: number; stashForeign: boolean },
  ): { reply: unknown } | { callback: CallbackFrame } | undefined {
    const what = at.context.what ?? at.op;
    if (event === undefined) throw this.broken(`did not answer ${what} within ${at.timeoutMs / 1000} s; it was stopped`, at.context);
    if (event.type === "frame") {
      const frame = JSON.parse(event.line) as PythonFrame;
      // A callback of the asynchronous request in flight may reach a synchronous exchange: set it aside too.
      const mine = "cb" in frame ? frame.of === null || frame.of === at.id : frame.id === at.id;
      if (!mine) {
        if (at.stashForeign) this.pending.push(event);
        return undefined;
      }
      if ("cb" in frame) return { callback: frame };
      if (frame.ok) return { reply: frame.result };
      throw new PythonRaised(frame.error);
    }
    this.observe(event, at.context);
    if (event.type === "exit" || event.type === "error") {
      const how = event.type === "exit" ? (event.signal ? `was killed by ${event.signal}` : `exited with code ${event.code}`) : `failed: ${event.message}`;
      throw this.broken(`${how} during ${what}`, at.context);
    }
    return undefined;
  }

  private observe(event: WorkerEvent, context: BridgeCallContext): void {
    if (event.type !== "stderr") return;
    const lines = (this.partialLine + event.text).split("\n");
    this.partialLine = lines.pop() ?? "";
    for (const line of lines) {
      this.stderrTail = [...this.stderrTail.slice(-9), line];
      context.onOutput?.(line);
    }
  }

  private broken(message: string, context: BridgeCallContext): CustomCodeError {
    for (const event of this.channel?.drain() ?? []) this.observe(event, context);
    const tail = [...this.stderrTail, this.partialLine].filter(Boolean).join("\n");
    this.stop();
    return new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child process ${message}`, {
      where: context.where,
      expected: "a reply from the Python child",
      found: tail ? `its last output:\n${tail}` : "no output from it",
    });
  }
}

/** A callback Python asks while it handles a request. */
type CallbackFrame = { cb: number; op: string } & Record<string, unknown>;

function answerCallback(frame: CallbackFrame, context: BridgeCallContext): Record<string, unknown> {
  if (!context.onCallback) return { cb: frame.cb, ok: false, error: `no answer for callback ${frame.op} here` };
  try {
    const result = context.onCallback(frame.op, frame, "sync");
    if (isPromise(result)) {
      // A callback that only an asynchronous request can wait for (an onCallback should refuse it itself).
      result.catch(() => undefined);
      return { cb: frame.cb, ok: false, error: `${frame.op} cannot be answered during ${context.what ?? "this call"}` };
    }
    return { cb: frame.cb, ok: true, result: result ?? null };
  } catch (error) {
    return { cb: frame.cb, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function answerCallbackAsync(frame: CallbackFrame, context: BridgeCallContext): Promise<Record<string, unknown>> {
  if (!context.onCallback) return { cb: frame.cb, ok: false, error: `no answer for callback ${frame.op} here` };
  try {
    return { cb: frame.cb, ok: true, result: (await context.onCallback(frame.op, frame, "async")) ?? null };
  } catch (error) {
    return { cb: frame.cb, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function childEnv(kit: string): NodeJS.ProcessEnv {
  const path = [kit, process.env.PYTHONPATH].filter(Boolean).join(":");
  return { ...process.env, PYTHONPATH: path, PYTHONDONTWRITEBYTECODE: "1", SLUICE_PYTHON_KIT: kit, SLUICE_PYTHON_FALLBACK: join(kit, "fallback") };
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}
