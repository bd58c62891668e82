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
 * extractor.call("extract_records", [{ $response: { status: 200, url, headers: {}, text: "[]" } }]);
 */
export function createPythonRuntime(options: PythonRuntimeOptions): PythonRuntime {
  const bridge = options.bridge ?? PythonBridge.shared();
  const redact = (text: string): string => options.secrets.redact(text);
  const onOutput = (line: string): void => options.logger.info(`python: ${redact(line)}`);

  function send(op: BridgeOp, payload: Record<string, unknown>, site: { className: string; method: string; where?: ErrorLocation }, context: Partial<BridgeCallContext> = {}): unknown {
    try {
      return bridge.request(op, payload, { onOutput, where: { component: site.className, ...site.where }, what: `${site.className}.${site.method}`, ...context });
    } catch (error) {
      if (!(error instanceof PythonRaised)) throw error;
      if (error.failure.traceback) options.logger.debug(`${site.className}.${site.method} raised:\n${redact(error.failure.traceback)}`);
      throw pythonFailureError(error.failure, { ...site, python: bridge.python ?? "python3", redact });
    }
  }

  return {
    construct(request: PythonComponentRequest): PythonObject {
      const className = `${request.module}.${request.className}`;
      const where = { file: request.file, ...request.where };
      const onCallback = (op: string, frame: Record<string, unknown>): unknown => {
        if (op !== "interpolate") throw new CustomCodeError("PYTHON_BRIDGE_FAILED", `The Python child asked an unknown callback ${op}`, { where });
        return request.callbacks.interpolate(String(frame.template), (frame.context ?? {}) as Record<string, unknown>, frame.default);
      };
      const site = (method: string) => ({ className, method, where });
      const made = send("new", {
        file: request.file, module: request.module, class: request.className,
        fields: request.fields, config: request.config, parameters: request.parameters,
      }, site("constructor"), { onCallback }) as { handle: number; bases: string[]; methods: string[] };
      return {
        className,
        bases: made.bases,
        methods: made.methods,
        call: (method, args = [], kwargs = {}) => send("call", { handle: made.handle, method, args, kwargs }, site(method), { onCallback }),
        get: (attribute) => send("get", { handle: made.handle, attribute }, site(attribute), { onCallback }),
        request: (op, payload, method) => send(op, { handle: made.handle, ...payload }, site(method), { onCallback }),
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
