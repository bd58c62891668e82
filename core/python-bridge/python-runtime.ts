import type { Logger, PythonCallOptions, PythonComponentRequest, PythonObject, PythonRuntime, Secrets } from "../../sdk/index.js";
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
 * const extractor = await runtime.construct({ file, module: "source_acme.components", className: "Items", fields: {}, config, parameters, callbacks });
 * await extractor.call("extract_records", [{ $response: { status: 200, url, headers: {}, text: "[]" } }], {}, { signal });
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

  async function send(op: BridgeOp, payload: Record<string, unknown>, site: Site, context: Partial<BridgeCallContext> = {}, signal?: AbortSignal): Promise<unknown> {
    try {
      return await bridge.request(op, payload, contextOf(site, context), signal);
    } catch (error) {
      throw failure(error, site);
    }
  }

  return {
    async construct(request: PythonComponentRequest): Promise<PythonObject> {
      const className = `${request.module}.${request.className}`;
      const where = { file: request.file, ...request.where };
      const onCallback = (op: string, frame: Record<string, unknown>, signal: AbortSignal): unknown => {
        if (op === "interpolate") return request.callbacks.interpolate(String(frame.template), (frame.context ?? {}) as Record<string, unknown>, frame.default);
        if (op === "secret") return request.callbacks.secret?.(String(frame.value ?? "")) ?? null;
        if (op === "parent_records" && request.callbacks.parentRecords) return request.callbacks.parentRecords(Number(frame.index), { signal });
        if (op === "http" && request.callbacks.http) return request.callbacks.http(frame.request as Parameters<NonNullable<typeof request.callbacks.http>>[0], { signal });
        throw new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child asked a callback ${op}, which cannot be answered for ${className}`, { where });
      };
      const site = (method: string) => ({ className, method, where });
      type Made = { handle: number; bases: string[]; methods: string[] };
      const make = () => send("new", {
        file: request.file, module: request.module, class: request.className,
        fields: request.fields, config: request.config, parameters: request.parameters,
      }, site("constructor"), { onCallback }) as Promise<Made>;
      let current = { generation: await bridge.ensureStarted(), made: make() };
      const { bases, methods } = await current.made;
      // A child that died or hung was replaced: the object is made again in the new one before its next call (once, however many calls wait).
      const handle = async (): Promise<number> => {
        const generation = await bridge.ensureStarted();
        if (current.generation !== generation) current = { generation, made: make() };
        return (await current.made).handle;
      };
      const ask = async (op: BridgeOp, payload: Record<string, unknown>, method: string, options: PythonCallOptions = {}): Promise<unknown> =>
        send(op, { handle: await handle(), ...payload }, site(method), { onCallback }, options.signal);
      return {
        className,
        bases,
        methods,
        call: (method, args = [], kwargs = {}, options) => ask("call", { method, args, kwargs }, method, options),
        get: (attribute, options) => ask("get", { attribute }, attribute, options),
        request: (op, payload, method, options) => ask(op, payload, method, options),
      };
    },
    async check(file: string, className: string, where?: ErrorLocation) {
      try {
        return await send("check", { file, class: className }, { className, method: "check", where }) as { found: boolean; classes: string[] };
      } catch (error) {
        if (error instanceof CustomCodeError && error.code === "PYTHON_COMPONENT_FAILED") return { found: false, classes: [] };
        throw error;
      }
    },
  };
}
