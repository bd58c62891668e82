import { CustomCodeError, Interpolator, PythonRuntime, type BuildContext, type CompiledTemplate, type ComponentDefinition, type PythonObject } from "../../../sdk/index.js";
import { secretsOf } from "../custom-authenticator.js";
import type { LoadedCustomClass } from "../load-custom-class.js";
import { pythonHttpCallback } from "./python-http-callback.js";
import { pythonParentRecordsCallback, pythonParentStreamFields } from "./python-parent-streams.js";

const NOT_FIELDS = new Set(["type", "class_name", "$parameters"]);

/**
 * Constructs the Python class a `Custom*` definition names, in the Python child, as the kit's factory
 * does: the definition's other fields (as written; nested definitions stay mappings), `config` and
 * `parameters`, of which the class receives those its type hints name. Its `InterpolatedString`s are
 * evaluated by this connector's template engine.
 *
 * @example
 * const remote = await constructPython(loaded, { type: "CustomRecordExtractor", class_name: "source_acme.components.Items", root: "items" }, ctx);
 * await remote.call("extract_records", [wireResponse(response)], {}, { signal });
 */
export function constructPython(loaded: LoadedCustomClass, def: ComponentDefinition, ctx: BuildContext): Promise<PythonObject> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(def)) if (!NOT_FIELDS.has(name)) fields[name] = value;
  // The kit's factory passes the stream's name to the components it builds for the stream (a class takes it if it has a `name` field).
  if (fields.name === undefined && ctx.stream !== undefined) fields.name = ctx.stream;
  const templates = new Map<string, CompiledTemplate>();
  const interpolate = (template: string, context: Record<string, unknown>, fallback: unknown): unknown => {
    const names = Object.keys(context).filter((name) => name !== "config" && name !== "parameters").sort();
    const key = `${names.join(",")}\n${template}`;
    let compiled = templates.get(key);
    if (!compiled) templates.set(key, (compiled = ctx.get(Interpolator).compile(template, { path: `${ctx.path} (${loaded.className})`, names })));
    const value = compiled.eval(context);
    return value === undefined || value === null || value === "" ? (fallback === template ? value ?? null : fallback) : value;
  };
  return ctx.get(PythonRuntime).construct({
    file: loaded.file,
    module: loaded.python!.module,
    className: loaded.python!.className,
    fields: pythonParentStreamFields(fields),
    config: ctx.config,
    parameters: ctx.parameters,
    callbacks: { interpolate, http: pythonHttpCallback(ctx), secret: (value) => secretsOf(ctx)?.add(value), parentRecords: pythonParentRecordsCallback(def, ctx) },
    where: loaded.where,
  });
}

/**
 * The error for a Python class named where Sluice does not run Python classes (yet).
 *
 * @example
 * throw pythonKindUnsupported(loaded, "CustomRequester");
 */
export function pythonKindUnsupported(loaded: LoadedCustomClass, type: string): CustomCodeError {
  return new CustomCodeError("CUSTOM_CLASS_WRONG_BASE", `${loaded.className} is a Python class, and a ${type} cannot be one in Sluice yet`, {
    failureType: "config_error",
    where: loaded.where,
    expected: `a TypeScript or JavaScript class for ${type} (docs/custom-components.md#python-components lists the kinds Python classes may be)`,
    found: `a class in ${loaded.file}`,
  });
}
