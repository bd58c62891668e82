import type { Logger, PythonComponentRequest, PythonObject, PythonRuntime, Secrets } from "../../sdk/index.js";
import { CustomCodeError, type ErrorLocation } from "../../sdk/index.js";
import type { BridgeOp } from "./bridge-protocol.js";
import { PythonBridge, PythonRaised, type BridgeCallContext } from "./python-bridge.js";
import { pythonFailureError } from "./python-error.js";

/** Options of {@link createPythonRuntime}. */
export interface PythonRuntimeOptions {
  logger: Logger;
  secrets: Secrets;
  /** The bridge to use; the process's shared one by default. */
  bridge?: PythonBridge;
}

/**
 * The `PythonRuntime` service: constructs Python components in the process's one Python child
 * (started at the first construction) and calls them a page at a time. What the child prints is
 * logged, redacted, at info level; a raised error's traceback at debug level.
 *
 * @example
 * const runtime = createPythonRuntime({ logger, secrets });
 * const extractor = runtime.construct({ file, module: "source_acme.components", className: "Items", fields: {}, config, parameters, callbacks });
 * await extractor.callAsync("extract_records", [{ $response: { status: 200, url, headers: {}, text: "[]" } }], {}, { signal });
 */
export function createPythonRuntime(options: PythonRuntimeOptions): PythonRuntime {
  const bridge = options.bridge ?? PythonBridge.shared();
  const redact = (text: string): string => options.secrets.redact(text);
  const onOutput = (line: string): void => options.logger.info(`python: ${redact(line)}`);

  type Site = { className: string; method: string; where?: ErrorLocation };
  const contextOf = (site: Site, extra: Partial<BridgeCallContext>): BridgeCallContext => ({ onOutput, where: { component: site.className, ...site.where }, what: `${site.className}.${site.method}`, ...extra });
  const failure = (error: unknown, site: Site): unknown => {
    if (!(error instanceof PythonRaised)) return error;
    if (error.failure.traceback) options.logger.debug(`${site.className}.${site.method} raised:\n${redact(error.failure.traceback)}`);
    return pythonFailureError(error.failure, { ...site, python: bridge.python ?? "python3", redact });
  };

  function send(op: BridgeOp, payload: Record<string, unknown>, site: Site, context: Partial<BridgeCallContext> = {}): unknown {
    try {
      return bridge.request(op, payload, contextOf(site, context));
    } catch (error) {
      throw failure(error, site);
    }
  }

  async function sendAsync(op: BridgeOp, payload: Record<string, unknown>, site: Site, context: Partial<BridgeCallContext>, signal?: AbortSignal): Promise<unknown> {
    try {
      return await bridge.requestAsync(op, payload, contextOf(site, context), signal);
    } catch (error) {
      throw failure(error, site);
    }
  }

  return {
    construct(request: PythonComponentRequest): PythonObject {
      const className = `${request.module}.${request.className}`;
      const where = { file: request.file, ...request.where };
      const onCallback = (op: string, frame: Record<string, unknown>, mode: "sync" | "async"): unknown => {
        if (op === "interpolate") return request.callbacks.interpolate(String(frame.template), (frame.context ?? {}) as Record<string, unknown>, frame.default);
        if (op === "secret") return request.callbacks.secret?.(String(frame.value ?? "")) ?? null;
        if (op === "http" && mode === "sync") {
          throw new CustomCodeError("PYTHON_BRIDGE_FAILED", `http cannot be answered during a synchronous call (a constructor, an attribute): a component's own requests are sent from the methods the engine awaits`, { where });
        }
        if (op === "parent_records" && mode === "sync") {
          throw new CustomCodeError("PYTHON_BRIDGE_FAILED", `a parent stream cannot be read during a synchronous call (a constructor, an attribute): read it in stream_slices()`, { where });
        }
        if (op === "parent_records" && request.callbacks.parentRecords) return request.callbacks.parentRecords(Number(frame.index));
        if (op === "http" && request.callbacks.http) return request.callbacks.http(frame.request as Parameters<NonNullable<typeof request.callbacks.http>>[0]);
        throw new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child asked a callback ${op}, which cannot be answered for ${className}`, { where });
      };
      const site = (method: string) => ({ className, method, where });
      const make = () => send("new", {
        file: request.file, module: request.module, class: request.className,
        fields: request.fields, config: request.config, parameters: request.parameters,
      }, site("constructor"), { onCallback }) as { handle: number; bases: string[]; methods: string[] };
      let made = make();
      let generation = bridge.generation;
      // A child that died or hung was replaced: the object is made again in the new one before its next call.
      const handle = (): number => {
        if (bridge.ensureStarted() !== generation) {
          made = make();
          generation = bridge.generation;
        }
        return made.handle;
      };
      return {
        className,
        bases: made.bases,
        methods: made.methods,
        call: (method, args = [], kwargs = {}) => send("call", { handle: handle(), method, args, kwargs }, site(method), { onCallback }),
        get: (attribute) => send("get", { handle: handle(), attribute }, site(attribute), { onCallback }),
        request: (op, payload, method) => send(op, { handle: handle(), ...payload }, site(method), { onCallback }),
        callAsync: (method, args = [], kwargs = {}, options = {}) => sendAsync("call", { handle: handle(), method, args, kwargs }, site(method), { onCallback }, options.signal),
        requestAsync: (op, payload, method, options = {}) => sendAsync(op, { handle: handle(), ...payload }, site(method), { onCallback }, options.signal),
      };
    },
    check(file: string, className: string, where?: ErrorLocation) {
      try {
        return send("check", { file, class: className }, { className, method: "check", where }) as { found: boolean; classes: string[] };
      } catch (error) {
        if (error instanceof CustomCodeError && error.code === "PYTHON_COMPONENT_FAILED") return { found: false, classes: [] };
        throw error;
      }
    },
  };
}
