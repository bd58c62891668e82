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
  /**
   * A component's own HTTP request (`requests.post(...)`), sent by Sluice's HTTP client; answered in the
   * asynchronous calls only (`callAsync`, `requestAsync`).
   */
  /** The kit's `add_to_secrets(value)`: a value redacted wherever Sluice writes (logs, errors, HTTP records). */
  secret?(value: string): void;
  /**
   * Every record of the component's parent stream `index` (`parent_stream_configs[index].stream.read_records()`),
   * read by Sluice's engine; answered in the asynchronous calls only.
   */
  parentRecords?(index: number): Promise<unknown[]>;
  http?(request: { method: string; url: string; headers: Record<string, string>; body?: string | null }): Promise<{ status: number; url: string; headers: Record<string, string>; text: string }>;
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
 * A constructed Python component. Every call crosses the bridge once and is synchronous (so it fits
 * the SDK's synchronous methods), with a time limit; a raised error becomes a `PYTHON_COMPONENT_FAILED`
 * naming the class, the method and the Python error's last line.
 *
 * @example
 * const records = extractor.call("extract_records", [{ $response: wireResponse }]) as object[];
 * const kept = filter.request("filter", { records, stream_state: {} }) as number[];
 */
export interface PythonObject {
  /** The manifest's `class_name`. */
  readonly className: string;
  /** The class and its bases' names, most derived first (`["ItemsExtractor", "RecordExtractor", "object"]`). */
  readonly bases: readonly string[];
  /** The names the component's own classes define (public ones, and `__call__`), not those it inherits from the kit's. */
  readonly methods: readonly string[];
  /** Calls a method; tagged values (`{ $response }`) become Python objects, the result comes back as JSON. */
  call(method: string, args?: readonly unknown[], kwargs?: Record<string, unknown>): unknown;
  /** Reads an attribute or property. */
  get(attribute: string): unknown;
  /** A page-level request of the bridge's protocol (`filter`, `transform`, `sign`), with the object's handle. */
  request(op: "filter" | "transform" | "sign", payload: Record<string, unknown>, method: string): unknown;
  /**
   * `call`, without blocking the thread: the method may send its own HTTP requests (the `http` callback);
   * when `options.signal` aborts first, the call is abandoned (the child running it is stopped).
   */
  callAsync(method: string, args?: readonly unknown[], kwargs?: Record<string, unknown>, options?: PythonCallOptions): Promise<unknown>;
  /** `request`, without blocking the thread (an authenticator's `sign`, which may fetch a token). */
  requestAsync(op: "filter" | "transform" | "sign", payload: Record<string, unknown>, method: string, options?: PythonCallOptions): Promise<unknown>;
}

/**
 * Options of an asynchronous Python call.
 *
 * @example
 * await extractor.callAsync("extract_records", [wire], {}, { signal: context.signal });
 */
export interface PythonCallOptions {
  /** The read's signal: when it aborts, the call rejects with its reason at once. */
  signal?: AbortSignal;
}

/**
 * The Python components of this process, run in one child process that Sluice starts the first time a
 * manifest names a Python class (docs/custom-components.md#python-components).
 *
 * @example
 * const extractor = ctx.get(PythonRuntime).construct(request);
 */
export interface PythonRuntime {
  construct(request: PythonComponentRequest): PythonObject;
  /** Whether a file defines a class, read without running it (`sluice validate`). */
  check(file: string, className: string, where?: ErrorLocation): { found: boolean; classes: string[] };
}

/** The DI token of the {@link PythonRuntime}. */
export const PythonRuntime = serviceToken<PythonRuntime>("sluice.PythonRuntime");
