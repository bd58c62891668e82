import { CustomCodeError, CustomCodeLoader, type BuildContext, type ComponentDefinition, type ErrorLocation } from "../../sdk/index.js";
import { describeClassChain, extendsAnotherCopyOf } from "./describe-class.js";
import { guardCustomCall } from "./guard-custom-call.js";

/** A custom class, loaded, with what its errors need to say. */
export interface LoadedCustomClass {
  cls: new (options: Record<string, unknown>) => unknown;
  className: string;
  file: string;
  where: ErrorLocation;
  /** Set for a class in a `.py` module: it runs through the `PythonRuntime`. */
  python?: { module: string; className: string };
}

/**
 * Loads the class a custom component's `class_name` names, through the host's
 * {@link CustomCodeLoader} (which refuses when the host does not trust custom code).
 *
 * @example
 * const loaded = await loadCustomClass(def, ctx);
 * const instance = constructCustom(loaded, await customConstructorOptions(def, ctx));
 */
export async function loadCustomClass(def: ComponentDefinition, ctx: BuildContext): Promise<LoadedCustomClass> {
  const className = String(def.class_name);
  const where: ErrorLocation = { manifestPath: ctx.path, stream: ctx.stream, component: className };
  if (ctx.connectorDir === undefined) {
    throw new CustomCodeError("CUSTOM_CODE_NO_FOLDER", `class_name ${className} needs the connector folder, and this manifest has none`, {
      failureType: "config_error",
      where,
      expected: "a manifest loaded from a file, or a connector folder given with the manifest object",
      found: "a manifest without a folder",
    });
  }
  const { value, file, python } = await ctx.get(CustomCodeLoader).loadClass({ className, connectorDir: ctx.connectorDir, where });
  return { cls: value, className, file, where: { ...where, file }, ...(python ? { python } : {}) };
}

/** Constructs a loaded class with its options; a throwing constructor is reported like any custom-code failure. */
export function constructCustom(loaded: LoadedCustomClass, options: Record<string, unknown>): unknown {
  return guardCustomCall(() => new loaded.cls(options), { className: loaded.className, method: "constructor", where: loaded.where });
}

/**
 * The error for a class that does not extend the SDK base of its kind, saying what it extends
 * instead (and whether it extends another copy of the SDK's class).
 *
 * @example
 * throw wrongBase(loaded, "PaginationStrategy", "or a Python-style class with next_page_token()");
 */
export function wrongBase(loaded: LoadedCustomClass, baseName: string, alternative = ""): CustomCodeError {
  const chain = describeClassChain(loaded.cls);
  const copy = extendsAnotherCopyOf(loaded.cls, baseName)
    ? `; its ${baseName} is another copy of the SDK: import it from "sluice/sdk"`
    : "";
  return new CustomCodeError("CUSTOM_CLASS_WRONG_BASE", `${loaded.className} does not extend ${baseName}`, {
    failureType: "config_error",
    where: loaded.where,
    expected: `a class extending ${baseName} from "sluice/sdk"${alternative ? ` ${alternative}` : ""}`,
    found: `${chain}${copy}`,
  });
}

/**
 * The error for a class that extends the right base but lacks the method that does the work.
 *
 * @example
 * throw incomplete(loaded, "nextPageToken (or next_page_token)");
 */
export function incomplete(loaded: LoadedCustomClass, method: string): CustomCodeError {
  return new CustomCodeError("CUSTOM_CLASS_INCOMPLETE", `${loaded.className} does not define ${method}`, {
    failureType: "config_error",
    where: loaded.where,
    expected: `a method ${method}`,
    found: `${describeClassChain(loaded.cls)}, without it`,
  });
}
