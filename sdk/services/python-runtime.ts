import type { ErrorLocation } from "../errors/sluice-error.js";
import { serviceToken } from "./service-token.js";

/**
 * What Python code may ask Sluice while it handles a call (the bridge's callbacks).
 *
 * @example
 * { interpolate: (template, context, fallback) => interpolator.compile(template, { path: "components.py" }).eval(context) ?? fallback }
 */
export interface PythonCallbacks {
  /** `InterpolatedString.eval`: a template evaluated by Sluice's template engine with the given names. */
  interpolate(template: string, context: Record<string, unknown>, fallback: unknown): unknown;
  /** The kit's `add_to_secrets(value)`: a value redacted wherever Sluice writes (logs, errors, HTTP records). */
  secret?(value: string): void;
  /**
   * Every record of the component's parent stream `index` (`parent_stream_configs[index].stream.read_records()`),
   * read by Sluice's engine; `options.signal` aborts the read when the call it is for is abandoned.
   */
  parentRecords?(index: number, options?: { signal?: AbortSignal }): Promise<unknown[]>;
  /** A component's own HTTP request (`requests.post(...)`), sent by Sluice's HTTP client; `options.signal` aborts when the call it is for is abandoned. */
  http?(request: { method: string; url: string; headers: Record<string, string>; body?: string | null }, options?: { signal?: AbortSignal }): Promise<{ status: number; url: string; headers: Record<string, string>; text: string }>;
}

/**
 * A Python component to construct: the class a manifest's `class_name` names in a `.py` file of the
 * connector folder, with the fields the kit's factory passes.
 *
 * @example
 * { file: "/c/acme/components.py", module: "source_acme.components", className: "ItemsExtractor",
 *   fields: { root: "items" }, config, parameters, callbacks, where: { stream: "items" } }
 */
export interface PythonComponentRequest {
  file: string;
  /** The module's dotted name, as the class name gives it (`source_acme.components`). */
  module: string;
  /** The class's own name (`ItemsExtractor`). */
  className: string;
  /** The definition's other fields (nested definitions as plain values). */
  fields: Record<string, unknown>;
  config: Record<string, unknown>;
  parameters: Record<string, unknown>;
  callbacks: PythonCallbacks;
  where?: ErrorLocation;
}

/**
 * A constructed Python component. Every call crosses the bridge once, without blocking the thread (the
 * engine awaits it), with a time limit; a raised error becomes a `PYTHON_COMPONENT_FAILED` naming the
 * class, the method and the Python error's last line. A call whose read is aborted (`options.signal`)
 * rejects at once and is cancelled in Python; the other reads' calls go on.
 *
 * @example
 * const records = (await extractor.call("extract_records", [{ $response: wireResponse }], {}, { signal })) as object[];
 * const kept = (await filter.request("filter", { records, stream_state: {} }, "filter_records")) as number[];
 */
export interface PythonObject {
  /** The manifest's `class_name`. */
  readonly className: string;
  /** The class and its bases' names, most derived first (`["ItemsExtractor", "RecordExtractor", "object"]`). */
  readonly bases: readonly string[];
  /** The names the component's own classes define (public ones, and `__call__`), not those it inherits from the kit's. */
  readonly methods: readonly string[];
  /** Calls a method; tagged values (`{ $response }`) become Python objects, the result comes back as JSON. It may send its own HTTP requests (the `http` callback). */
  call(method: string, args?: readonly unknown[], kwargs?: Record<string, unknown>, options?: PythonCallOptions): Promise<unknown>;
  /** Reads an attribute or property. */
  get(attribute: string, options?: PythonCallOptions): Promise<unknown>;
  /** A page-level request of the bridge's protocol (`filter`, `transform`, `observe`, `sign`), with the object's handle. */
  request(op: "filter" | "transform" | "observe" | "sign", payload: Record<string, unknown>, method: string, options?: PythonCallOptions): Promise<unknown>;
}

/**
 * Options of an asynchronous Python call.
 *
 * @example
 * await extractor.call("extract_records", [wire], {}, { signal: context.signal });
 */
export interface PythonCallOptions {
  /** The read's signal: when it aborts, the call rejects with its reason at once and is cancelled in Python (the child goes on serving the other reads). */
  signal?: AbortSignal;
}

/**
 * The Python components of this process, run in one child process that Sluice starts the first time a
 * manifest names a Python class (docs/custom-components.md#python-components).
 *
 * @example
 * const extractor = await ctx.get(PythonRuntime).construct(request);
 */
export interface PythonRuntime {
  construct(request: PythonComponentRequest): Promise<PythonObject>;
  /** Whether a file defines a class, read without running it (`sluice validate`). */
  check(file: string, className: string, where?: ErrorLocation): Promise<{ found: boolean; classes: string[] }>;
}

/** The DI token of the {@link PythonRuntime}. */
export const PythonRuntime = serviceToken<PythonRuntime>("sluice.PythonRuntime");
