import { join } from "node:path";
import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";
import { PROTOCOL_VERSION, type BridgeOp, type PythonFailure, type PythonFrame } from "./bridge-protocol.js";
import { ChildChannel, type ChildEvent } from "./child-channel.js";
import { pythonCandidates, supportedPython } from "./find-python.js";
import { pythonKitPath } from "./python-kit-path.js";

/** What one request may need besides its payload: the callbacks' answers, where the child's output goes. */
export interface BridgeCallContext {
  /**
   * Answers a callback (`interpolate`, `http`, `secret`), perhaps with a promise (an HTTP request); a
   * throw is sent back as the callback's error. `signal` aborts when the request is abandoned.
   */
  onCallback?(op: string, frame: Record<string, unknown>, signal: AbortSignal): unknown;
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

/** A request waiting for its reply. */
interface Waiter {
  context: BridgeCallContext;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** The call's time limit: past it, the child is hung and is restarted. */
  timer: NodeJS.Timeout;
  /** Drops the request's abort listener. */
  unlink?(): void;
  /** Its caller stopped waiting (its read was aborted): the reply, when it comes, is ignored. */
  abandoned?: boolean;
  /** Aborted when it is abandoned: its callbacks' work in flight (a component's own request) stops. */
  callbacks: AbortController;
}

/**
 * The persistent Python child of this process and its framed protocol (bridge-protocol.ts), started on
 * the first request. Every request is asynchronous and multiplexed by id: any number may wait at once,
 * each answered when its reply arrives, in whatever order, their callbacks answered (and awaited) as
 * they come, so a parent-stream read inside a Python partition router can go through a Python
 * authenticator. Nothing blocks the thread.
 *
 * A request whose signal aborts is abandoned, not the child: its promise rejects at once, Python is
 * told to cancel it (a callback it waits for then fails in Python) and its late reply is ignored, while
 * the other reads' requests go on. Only a call that runs past its time limit (abandoned or not) means
 * the child is hung: it is stopped, every request waiting fails naming its own class and method, and a
 * new child is started at the next request. A child that dies fails the requests waiting the same way.
 *
 * @example
 * const bridge = PythonBridge.shared();
 * const { handle } = (await bridge.request("new", { file, module, class: "ItemsExtractor", fields, config, parameters }, context)) as { handle: number };
 * const records = await bridge.request("call", { handle, method: "extract_records", args }, context, signal);
 */
export class PythonBridge {
  private static instance?: PythonBridge;
  private channel?: ChildChannel;
  private starting?: Promise<void>;
  private nextId = 0;
  private stderrTail: string[] = [];
  /** The requests waiting for their replies, by id. */
  private readonly waiting = new Map<number, Waiter>();
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

  /**
   * A request: the promise settles when its reply arrives; other requests go on meanwhile and its
   * callbacks may be asynchronous (a component's own HTTP request, a parent stream's read). When
   * `signal` aborts first, the promise rejects with the signal's reason and the call is cancelled.
   */
  async request(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext = {}, signal?: AbortSignal): Promise<unknown> {
    if (signal?.aborted) throw signal.reason;
    await this.start(context);
    if (signal?.aborted) throw signal.reason;
    return this.send(op, payload, context, callTimeoutMs(), signal);
  }

  /** Stops the child; every request waiting fails (a read's end does not need this: the child ends with this process). */
  stop(): void {
    if (this.waiting.size > 0) this.breakDown(() => "was stopped");
    else this.halt();
  }

  /** Starts the child when none runs; the generation of the one running. */
  async ensureStarted(context: BridgeCallContext = {}): Promise<number> {
    await this.start(context);
    return this.generation;
  }

  /** How many requests wait for a reply (abandoned ones included, until they answer or the child is stopped). */
  get inFlight(): number {
    return this.waiting.size;
  }

  private send(op: BridgeOp, payload: Record<string, unknown>, context: BridgeCallContext, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    const channel = this.channel!;
    const id = ++this.nextId;
    this.outputContext = context;
    return new Promise((resolve, reject) => {
      const what = context.what ?? op;
      const hung = (at: BridgeCallContext): string =>
        at === context ? `did not answer ${what} within ${timeoutMs / 1000} s; it was stopped` : `was stopped while ${at.what ?? "a call"} waited: ${what} did not answer within ${timeoutMs / 1000} s`;
      const timer = setTimeout(() => this.breakDown(hung), timeoutMs);
      timer.unref();
      const waiter: Waiter = { context, resolve, reject, timer, callbacks: new AbortController() };
      if (signal) {
        const onAbort = (): void => this.abandon(id, signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        waiter.unlink = () => signal.removeEventListener("abort", onAbort);
      }
      this.waiting.set(id, waiter);
      channel.hold(true);
      channel.write(JSON.stringify({ id, op, ...payload }));
    });
  }

  /**
   * The caller of request `id` stopped waiting: its promise rejects now and Python is asked to cancel
   * the call; its time limit still runs (a call that never ends is a hung child).
   */
  private abandon(id: number, reason: unknown): void {
    const waiter = this.waiting.get(id);
    if (!waiter || waiter.abandoned) return;
    waiter.abandoned = true;
    waiter.unlink?.();
    waiter.callbacks.abort(reason);
    waiter.reject(reason);
    this.channel?.write(JSON.stringify({ op: "cancel", of: id }));
    this.holdWhileWaited();
  }

  private halt(): void {
    this.channel?.close();
    this.channel = undefined;
  }

  private start(context: BridgeCallContext): Promise<void> {
    if (this.channel && !this.starting) return Promise.resolve();
    return (this.starting ??= this.launch(context).finally(() => (this.starting = undefined)));
  }

  private async launch(context: BridgeCallContext): Promise<void> {
    const kit = pythonKitPath();
    const tried: string[] = [];
    for (const python of pythonCandidates()) {
      const started = await this.spawn(python, kit);
      if (started) {
        tried.push(`${python} (${started})`);
        continue;
      }
      if (!this.stopsOnExit) {
        this.stopsOnExit = true;
        process.once("exit", () => this.halt());
      }
      const hello = (await this.send("hello", { version: PROTOCOL_VERSION }, context, 20_000)) as { python: string };
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

  /** Spawns `python` as the bridge's child; undefined when it started, else why it did not. */
  private spawn(python: string, kit: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      let spawned = false;
      const channel: ChildChannel = new ChildChannel({ python, args: ["-X", "utf8", "-u", "-m", "sluice_bridge"], env: childEnv(kit) }, (event) => {
        if (spawned) {
          if (this.channel === channel) this.dispatch(event);
          return;
        }
        if (event.type === "spawned") {
          spawned = true;
          this.channel = channel;
          resolve(undefined);
        } else if (event.type === "error" || event.type === "exit") {
          spawned = true;
          resolve(event.type === "error" ? event.message : "did not start");
        }
      });
    });
  }

  /** An event of the child: a reply settles its request, a callback is answered for its request. */
  private dispatch(event: ChildEvent): void {
    if (event.type !== "frame") {
      this.observe(event, this.outputContext);
      if (event.type === "exit" || event.type === "error") {
        if (this.waiting.size > 0) this.breakDown((at) => `${ended(event)} during ${at.what ?? "a call"}`);
        else this.halt();
      }
      return;
    }
    const frame = JSON.parse(event.line) as PythonFrame;
    if ("cb" in frame) {
      const channel = this.channel!;
      const waiter = frame.of === null ? undefined : this.waiting.get(frame.of);
      const answer = waiter && !waiter.abandoned ? answerCallback(frame, waiter.context, waiter.callbacks.signal) : Promise.resolve({ cb: frame.cb, ok: false, error: `request ${frame.of} was abandoned` });
      void answer.then((reply) => {
        if (this.channel === channel) channel.write(JSON.stringify(reply));
      });
      return;
    }
    const waiter = frame.id === null ? undefined : this.settle(frame.id);
    // An abandoned request's late reply: its caller has gone.
    if (!waiter || waiter.abandoned) return;
    if (frame.ok) waiter.resolve(frame.result);
    else waiter.reject(new PythonRaised(frame.error));
  }

  /** Forgets a waiting request (its reply came, or the child was stopped); the waiter, if it still waited. */
  private settle(id: number): Waiter | undefined {
    const waiter = this.waiting.get(id);
    if (!waiter) return undefined;
    this.waiting.delete(id);
    clearTimeout(waiter.timer);
    waiter.unlink?.();
    this.holdWhileWaited();
    return waiter;
  }

  /** The process stays alive for the child while a caller waits for a reply (an abandoned call does not count). */
  private holdWhileWaited(): void {
    this.channel?.hold([...this.waiting.values()].some((waiter) => !waiter.abandoned));
  }

  private observe(event: ChildEvent, context: BridgeCallContext): void {
    if (event.type !== "stderr") return;
    const lines = (this.partialLine + event.text).split("\n");
    this.partialLine = lines.pop() ?? "";
    for (const line of lines) {
      this.stderrTail = [...this.stderrTail.slice(-9), line];
      context.onOutput?.(line);
    }
  }

  /**
   * The child is unusable (`message` says why, for each request waiting): it is stopped and every
   * request still waiting fails with its own location and class and method.
   */
  private breakDown(message: (at: BridgeCallContext) => string): void {
    const tail = [...this.stderrTail, this.partialLine].filter(Boolean).join("\n");
    this.halt();
    for (const [id, waiter] of [...this.waiting]) {
      this.settle(id);
      if (waiter.abandoned) continue;
      waiter.reject(new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child process ${message(waiter.context)}`, {
        where: waiter.context.where,
        expected: `a reply from the Python child to ${waiter.context.what ?? "a request"}`,
        found: tail ? `its last output:\n${tail}` : "no output from it",
      }));
    }
  }
}

/** How a child's end reads in an error: `was killed by SIGKILL`, `exited with code 1`. */
function ended(event: ChildEvent & { type: "exit" | "error" }): string {
  return event.type === "exit" ? (event.signal ? `was killed by ${event.signal}` : `exited with code ${event.code}`) : `failed: ${event.message}`;
}

/** A callback Python asks while it handles a request. */
type CallbackFrame = { cb: number; op: string } & Record<string, unknown>;

async function answerCallback(frame: CallbackFrame, context: BridgeCallContext, signal: AbortSignal): Promise<Record<string, unknown>> {
  if (!context.onCallback) return { cb: frame.cb, ok: false, error: `no answer for callback ${frame.op} here` };
  try {
    return { cb: frame.cb, ok: true, result: (await context.onCallback(frame.op, frame, signal)) ?? null };
  } catch (error) {
    return { cb: frame.cb, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function childEnv(kit: string): NodeJS.ProcessEnv {
  const path = [kit, process.env.PYTHONPATH].filter(Boolean).join(":");
  return { ...process.env, PYTHONPATH: path, PYTHONDONTWRITEBYTECODE: "1", SLUICE_PYTHON_KIT: kit, SLUICE_PYTHON_FALLBACK: join(kit, "fallback") };
}
