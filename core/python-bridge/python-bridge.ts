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

/** An asynchronous request waiting for its reply (see {@link PythonBridge.requestAsync}). */
interface Waiter {
  context: BridgeCallContext;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
  /** Drops the request's abort listener. */
  unlink?(): void;
}

/**
 * The persistent Python child of this process and its framed protocol (bridge-protocol.ts), started on
 * the first request. Asynchronous requests ({@link requestAsync}, what the engine's page path uses) are
 * multiplexed by id: any number may wait at once, each answered when its reply arrives, in whatever
 * order, their callbacks answered (and awaited) as they come, so a parent-stream read inside a Python
 * partition router can go through a Python authenticator. A synchronous request ({@link request}:
 * construction, `sluice validate`'s check) blocks the thread until its reply, setting aside what it
 * reads for the asynchronous ones. A passed time limit, a dead child or an aborted request's signal
 * stops the child (every request waiting fails); a new one is started at the next request.
 *
 * @example
 * const bridge = PythonBridge.shared();
 * const { handle } = bridge.request("new", { file, module, class: "ItemsExtractor", fields, config, parameters }, context) as { handle: number };
 * const records = await bridge.requestAsync("call", { handle, method: "extract_records", args }, context, signal);
 */
export class PythonBridge {
  private static instance?: PythonBridge;
  private channel?: SyncChannel;
  private pid?: number;
  private nextId = 0;
  private stderrTail: string[] = [];
  /** The asynchronous requests waiting for their replies, by id. */
  private readonly waiting = new Map<number, Waiter>();
  /** Events a synchronous exchange read that belong to the asynchronous requests. */
  private stash: WorkerEvent[] = [];
  /** Whose output the child's stderr is, between requests: the latest request's. */
  private outputContext: BridgeCallContext = {};
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

  /** A request that blocks the thread until its reply (callbacks answered synchronously). */
  request(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext = {}): unknown {
    this.start(context);
    return this.exchange(op, payload, context, callTimeoutMs());
  }

  /**
   * A request that does not block the thread: the promise settles when its reply arrives, other
   * requests (asynchronous or not) go on meanwhile and its callbacks may be asynchronous (a component's
   * own HTTP request, a parent stream's read). When `signal` aborts first, the child is stopped (it is
   * running the abandoned call) and the promise rejects with the signal's reason.
   */
  requestAsync(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext = {}, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    try {
      this.start(context);
    } catch (error) {
      return Promise.reject(error);
    }
    const channel = this.channel!;
    const id = ++this.nextId;
    const timeoutMs = callTimeoutMs();
    this.outputContext = context;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.breakDown(`did not answer ${context.what ?? op} within ${timeoutMs / 1000} s; it was stopped`, context), timeoutMs);
      timer.unref();
      const waiter: Waiter = { context, resolve, reject, timer };
      if (signal) {
        const onAbort = (): void => {
          this.settle(id);
          reject(signal.reason);
          this.breakDown(`was stopped: the read waiting for ${context.what ?? op} was interrupted`, context);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        waiter.unlink = () => signal.removeEventListener("abort", onAbort);
      }
      this.waiting.set(id, waiter);
      channel.hold(true);
      channel.write(JSON.stringify({ id, op, ...payload }));
    });
  }

  /** Stops the child; every request waiting fails (a read's end does not need this: the child ends with this process). */
  stop(): void {
    if (this.waiting.size > 0) this.breakDown("was stopped", {});
    else this.halt();
  }

  /** Starts the child when none runs; the generation of the one running. */
  ensureStarted(context: BridgeCallContext = {}): number {
    this.start(context);
    return this.generation;
  }

  private halt(): void {
    if (this.pid !== undefined) killQuietly(this.pid);
    this.channel?.close();
    this.channel = undefined;
    this.pid = undefined;
    this.stash = [];
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
      channel.listen((event) => {
        if (this.channel === channel) this.dispatch(event);
      });
      if (!this.stopsOnExit) {
        this.stopsOnExit = true;
        process.once("exit", () => this.halt());
      }
      const hello = this.exchange("hello", { version: PROTOCOL_VERSION }, context, 20_000) as { python: string };
      if (supportedPython(hello.python)) {
        this.python = `${python} (Python ${hello.python})`;
        this.generation++;
        return;
      }
      tried.push(`${python} (Python ${hello.python})`);
      this.halt();
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
    this.outputContext = context;
    channel.write(JSON.stringify({ id, op, ...payload }));
    const deadline = Date.now() + timeoutMs;
    try {
      for (;;) {
        const step = this.step(channel.next(deadline), { id, op, context, timeoutMs });
        if (step === undefined) continue;
        if ("callback" in step) channel.write(JSON.stringify(answerCallback(step.callback, context)));
        else return step.reply;
      }
    } finally {
      // What it set aside belongs to the asynchronous requests: handled once this one is done.
      if (this.stash.length > 0) queueMicrotask(() => this.unstash(channel));
    }
  }

  private unstash(channel: SyncChannel): void {
    const events = this.stash;
    this.stash = [];
    for (const event of events) if (this.channel === channel) this.dispatch(event);
  }

  /**
   * What one event read by the synchronous request `id` means for it: its reply, a callback it asked,
   * or nothing (output; a reply or callback of an asynchronous request, set aside for it). A raised
   * error, a dead child and a passed deadline throw.
   */
  private step(event: WorkerEvent | undefined, at: { id: number; op: BridgeOp; context: BridgeCallContext; timeoutMs: number }): { reply: unknown } | { callback: CallbackFrame } | undefined {
    const what = at.context.what ?? at.op;
    if (event === undefined) throw this.breakDown(`did not answer ${what} within ${at.timeoutMs / 1000} s; it was stopped`, at.context);
    if (event.type === "frame") {
      const frame = JSON.parse(event.line) as PythonFrame;
      const mine = "cb" in frame ? frame.of === null || frame.of === at.id : frame.id === at.id;
      if (!mine) {
        this.stash.push(event);
        return undefined;
      }
      if ("cb" in frame) return { callback: frame };
      if (frame.ok) return { reply: frame.result };
      throw new PythonRaised(frame.error);
    }
    this.observe(event, at.context);
    if (event.type === "exit" || event.type === "error") throw this.breakDown(`${ended(event)} during ${what}`, at.context);
    return undefined;
  }

  /** An event for the asynchronous requests: a reply settles its request, a callback is answered for its request. */
  private dispatch(event: WorkerEvent): void {
    if (event.type !== "frame") {
      this.observe(event, this.outputContext);
      if (event.type === "exit" || event.type === "error") this.breakDown((at) => `${ended(event)} during ${at.what ?? "a call"}`, this.outputContext);
      return;
    }
    const frame = JSON.parse(event.line) as PythonFrame;
    if ("cb" in frame) {
      const channel = this.channel!;
      const waiter = frame.of === null ? undefined : this.waiting.get(frame.of);
      const answer = waiter ? answerCallbackAsync(frame, waiter.context) : Promise.resolve({ cb: frame.cb, ok: false, error: `no request ${frame.of} is waiting` });
      void answer.then((reply) => {
        if (this.channel === channel) channel.write(JSON.stringify(reply));
      });
      return;
    }
    const waiter = frame.id === null ? undefined : this.settle(frame.id);
    // A reply nobody waits for: its request was abandoned (aborted) before it came.
    if (!waiter) return;
    if (frame.ok) waiter.resolve(frame.result);
    else waiter.reject(new PythonRaised(frame.error));
  }

  /** Forgets a waiting request (its reply came, or it was abandoned); the waiter, if it still waited. */
  private settle(id: number): Waiter | undefined {
    const waiter = this.waiting.get(id);
    if (!waiter) return undefined;
    this.waiting.delete(id);
    clearTimeout(waiter.timer);
    waiter.unlink?.();
    if (this.waiting.size === 0) this.channel?.hold(false);
    return waiter;
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

  /**
   * The child is unusable (`message` says why): it is stopped, every asynchronous request waiting fails
   * with its own location, and the error for `context` is returned (for a synchronous caller to throw).
   */
  private breakDown(message: string | ((at: BridgeCallContext) => string), context: BridgeCallContext): CustomCodeError {
    for (const event of this.channel?.drain() ?? []) this.observe(event, context);
    const tail = [...this.stderrTail, this.partialLine].filter(Boolean).join("\n");
    this.halt();
    const error = (at: BridgeCallContext) => new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child process ${typeof message === "string" ? message : message(at)}`, {
      where: at.where,
      expected: "a reply from the Python child",
      found: tail ? `its last output:\n${tail}` : "no output from it",
    });
    for (const [id, waiter] of [...this.waiting]) {
      this.settle(id);
      waiter.reject(error(waiter.context));
    }
    return error(context);
  }
}

/** How a child's end reads in an error: `was killed by SIGKILL`, `exited with code 1`. */
function ended(event: WorkerEvent & { type: "exit" | "error" }): string {
  return event.type === "exit" ? (event.signal ? `was killed by ${event.signal}` : `exited with code ${event.code}`) : `failed: ${event.message}`;
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
