import {
  CustomCodeError, IncrementalCursor, type BuildContext, type ComponentDefinition, type DataRecord, type OutgoingRequest,
  type PythonObject, type SliceOptions, type StreamSlice, type StreamSlicer,
} from "../../../sdk/index.js";
import { PythonCursor } from "./python-cursor.js";
import { applyPythonRequestOptions } from "./python-request-options.js";
import { wireSlice } from "./wire-slice.js";

/** The request-option methods the kit's DatetimeBasedCursor defines: asked of every subclass, as the kit's retriever asks them. */
const REQUEST_OPTION_METHODS = ["get_request_params", "get_request_headers", "get_request_body_data", "get_request_body_json"];

/** The DatetimeBasedCursor methods whose work Sluice's own cursor does: a subclass overriding one is refused, by name. */
const RUN_BY_SLUICE = ["stream_slices", "_partition_daterange", "observe", "close_slice", "get_stream_state", "should_be_synced", "is_greater_than_or_equal", "select_state"];

const NESTED_TYPES = [["start_datetime", "MinMaxDatetime"], ["end_datetime", "MinMaxDatetime"], ["start_time_option", "RequestOption"], ["end_time_option", "RequestOption"]] as const;

/**
 * A Python `CustomIncrementalSync` class extending the kit's `DatetimeBasedCursor`: Sluice's own
 * `DatetimeBasedCursor`, built from the same definition, makes the windows, observes the records and keeps
 * the state (the kit's shape, `{cursor_field: value}`); the class gives each request's options
 * (`get_request_params(stream_state=, stream_slice=)` and the headers and body ones, its overrides or the
 * kit's from `start_time_option`/`end_time_option`), and `set_initial_state` is called with the state the
 * read starts from. A class overriding the windows or the state (`_partition_daterange`, `close_slice`...)
 * is refused with the method's name.
 *
 * @example
 * # components.py
 * class SinceFilter(DatetimeBasedCursor):
 *     def get_request_params(self, *, stream_state=None, stream_slice=None, next_page_token=None):
 *         return {"filter[updated]": f"{stream_slice['start_time']}..inf"}
 */
export class PythonDatetimeCursor extends IncrementalCursor {
  private readonly requestOptions: PythonObject;
  private initialStateGiven: Promise<void> = Promise.resolve();
  declare readonly cursorField: string;

  constructor(private readonly remote: PythonObject, private readonly own: IncrementalCursor) {
    super();
    Object.defineProperty(this, "cursorField", { value: own.cursorField, enumerable: true });
    // What the engine asks only of a cursor that has it stays absent when Sluice's own cursor lacks it.
    for (const optional of ["shouldSync", "finish", "forPartitions"] as const) {
      if (!own[optional]) Object.defineProperty(this, optional, { value: undefined });
    }
    this.requestOptions = { ...remote, methods: [...new Set([...remote.methods, ...REQUEST_OPTION_METHODS])] };
  }

  slices(options?: SliceOptions): AsyncIterable<StreamSlice> {
    return this.own.slices(options);
  }

  async applyToRequest(request: OutgoingRequest, slice: StreamSlice): Promise<void> {
    await this.initialStateGiven;
    await applyPythonRequestOptions(this.requestOptions, request, { stream_slice: wireSlice(slice), stream_state: this.own.state() });
  }

  /** The engine sets the state synchronously; the class's `set_initial_state` is awaited before its first request options. */
  setState(state: Record<string, unknown> | undefined): void {
    this.own.setState(state);
    const given = this.remote.call("set_initial_state", [state ?? {}]).then(() => undefined);
    given.catch(() => undefined); // its failure is thrown where it is awaited, by applyToRequest
    this.initialStateGiven = given;
  }

  override shouldSync(slice: StreamSlice, record: DataRecord): boolean {
    return this.own.shouldSync ? this.own.shouldSync(slice, record) : true;
  }

  observe(slice: StreamSlice, record: DataRecord): boolean {
    return this.own.observe(slice, record);
  }

  closeSlice(slice: StreamSlice): void {
    this.own.closeSlice(slice);
  }

  state(): Record<string, unknown> {
    return this.own.state();
  }

  override finish(): void {
    this.own.finish?.();
  }

  override forPartitions(router: StreamSlicer): (IncrementalCursor & StreamSlicer) | undefined {
    return this.own.forPartitions?.(router);
  }
}

/** What a `Cursor` subclass defines for Sluice to run it (the kit's abstract methods; `observe` and `should_be_synced` have defaults). */
const CURSOR_METHODS = ["stream_slices", "set_initial_state", "close_slice", "get_stream_state"];

/** A `Cursor` subclass as {@link PythonCursor}, refused naming what it lacks of the kit's interface (an older class defines `update_state`). */
async function pythonCursor(remote: PythonObject, def: ComponentDefinition, ctx: BuildContext): Promise<IncrementalCursor> {
  const missing = CURSOR_METHODS.filter((method) => !remote.methods.includes(method));
  if (missing.length > 0) {
    const older = remote.methods.includes("update_state") ? " (it defines update_state, the kit's older Cursor interface)" : "";
    throw new CustomCodeError("PYTHON_KIT_CLASS_MISSING", `${remote.className} extends the kit's Cursor and does not define ${missing.join(", ")}${older}: Sluice runs a Python Cursor through ${CURSOR_METHODS.join(", ")}, observe and should_be_synced`, {
      where: { manifestPath: ctx.path, stream: ctx.stream }, expected: `a Cursor subclass defining ${CURSOR_METHODS.join(", ")}`, found: `${remote.className} defines ${remote.methods.join(", ") || "nothing"}`,
    });
  }
  // A class may keep no cursor_field of its own (source-posthog's): the definition's then.
  const field = await remote.get("cursor_field").catch(() => undefined);
  const declared = (def as { cursor_field?: unknown }).cursor_field;
  return new PythonCursor(remote, typeof field === "string" ? field : typeof declared === "string" ? declared : "", ctx.stream);
}

/**
 * The component for a Python `CustomIncrementalSync` class: a `DatetimeBasedCursor` subclass runs as
 * {@link PythonDatetimeCursor}, a `Cursor` (or `DeclarativeCursor`) subclass as {@link PythonCursor};
 * any other base is refused, naming it.
 *
 * @example
 * customComponent({ type: "CustomIncrementalSync", ..., python: (remote, loaded, ctx, def) => pythonIncrementalSync(remote, def, ctx) })
 */
export async function pythonIncrementalSync(remote: PythonObject, def: ComponentDefinition, ctx: BuildContext): Promise<IncrementalCursor> {
  const where = { manifestPath: ctx.path, stream: ctx.stream };
  if (!remote.bases.includes("DatetimeBasedCursor") && remote.bases.includes("Cursor")) return pythonCursor(remote, def, ctx);
  if (!remote.bases.includes("DatetimeBasedCursor")) {
    throw new CustomCodeError("PYTHON_KIT_CLASS_MISSING", `${remote.className} extends ${remote.bases.slice(1, 3).join(", ")}: a Python CustomIncrementalSync runs in Sluice when it extends the kit's DatetimeBasedCursor or Cursor`, {
      where, expected: "a subclass of airbyte_cdk.sources.declarative.incremental.DatetimeBasedCursor, Cursor or DeclarativeCursor", found: remote.bases.join(" < "),
    });
  }
  const overridden = RUN_BY_SLUICE.filter((method) => remote.methods.includes(method));
  if (overridden.length > 0) {
    throw new CustomCodeError("PYTHON_KIT_CLASS_MISSING", `${remote.className} overrides DatetimeBasedCursor.${overridden.join(", .")}, which Sluice's own cursor runs: only the request options (get_request_params and the headers and body ones, _get_request_options) and set_initial_state are the class's`, {
      where, expected: "a DatetimeBasedCursor subclass that overrides request options only", found: `${overridden.join(", ")} defined by ${remote.className}`,
    });
  }
  const { class_name: _className, ...fields } = def as ComponentDefinition & { class_name?: string };
  // The manifest gave these nested definitions no default type (a custom class's fields are its own): the kit's cursor's defaults.
  const typed: Record<string, unknown> = { ...fields, type: "DatetimeBasedCursor" };
  for (const [field, type] of NESTED_TYPES) {
    const value = typed[field];
    if (value && typeof value === "object" && !Array.isArray(value) && !("type" in value)) typed[field] = { ...value, type };
  }
  const own = await ctx.buildChild<IncrementalCursor>(typed, ctx.path);
  return new PythonDatetimeCursor(remote, own);
}
