import { CustomCodeError, type ErrorLocation, type LoadedClass } from "../../sdk/index.js";

/**
 * The {@link LoadedClass} of a class in a `.py` module: marked `python` (module and class name), with a
 * stand-in `value` that refuses construction, since a Python class runs through the `PythonRuntime`.
 *
 * @example
 * pythonClass("/c/acme/components.py", "source_acme.components", "ItemsExtractor", {});
 * // { file: "/c/acme/components.py", python: { module: "source_acme.components", className: "ItemsExtractor" }, value: [class] }
 */
export function pythonClass(file: string, module: string, className: string, where: ErrorLocation): LoadedClass {
  const value = class PythonStandIn {
    constructor() {
      throw new CustomCodeError("CUSTOM_CLASS_WRONG_BASE", `${module}.${className} is a Python class; this component kind does not run Python`, {
        failureType: "config_error",
        where: { file, ...where },
        expected: "a TypeScript or JavaScript class",
        found: `a class in ${file}`,
      });
    }
  };
  return { value, file, python: { module, className } };
}
